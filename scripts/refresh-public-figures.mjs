#!/usr/bin/env node
// Refreshes content/moderation/public-figures.txt: the full names of well-known real people that the blocked-content
// policy recognises (rule real-person-sexual: sexual content about a real person named outright).
//
//   node scripts/refresh-public-figures.mjs                      # online: Wikidata's public SPARQL endpoint
//   node scripts/refresh-public-figures.mjs --from-pantheon FILE # offline: a Pantheon 1.0 pantheon.tsv (MIT, 2014)
//
// Kept: people born in 1900 or later (the living and the recently living, not history's figures), with a full name
// of two words or more (a first name alone is shared by too many fictional characters), known well beyond their
// country (Wikidata: articles in at least MIN_SITELINKS Wikipedias; Pantheon: its own bar of 25 languages). A name
// made of a very common first name and one of the most common surnames ("John Williams") is kept only for the very
// famous, so that an invented character of that name is not taken for them.
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../content/moderation/public-figures.txt');
const ENDPOINT = 'https://query.wikidata.org/sparql';
const MIN_SITELINKS = 40;
const VERY_FAMOUS = 60;
const COMMON_SURNAMES = new Set(
  'smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez gonzalez wilson anderson thomas taylor moore jackson martin lee perez thompson white harris sanchez clark ramirez lewis robinson walker young allen king wright scott torres nguyen hill flores green adams nelson baker hall rivera campbell mitchell carter roberts muller schmidt schneider fischer weber meyer wagner becker schulz hoffmann martin bernard dubois durand rossi russo ferrari esposito bianchi silva santos oliveira souza pereira costa'.split(
    ' ',
  ),
);

// Humans born from 1900 on, with an English label and many Wikipedia articles: actors, singers, musicians, models,
// athletes, politicians, presenters, influencers and the like (anyone that famous is a public figure).
const QUERY = `SELECT ?label ?links WHERE {
  ?p wdt:P31 wd:Q5; wdt:P569 ?born; wikibase:sitelinks ?links; rdfs:label ?label.
  FILTER(?links >= ${MIN_SITELINKS} && YEAR(?born) >= 1900 && LANG(?label) = "en")
}`;

function fullName(raw) {
  // Without brackets, nicknames in quotes and the quotes of a TSV field.
  const name = raw
    .replace(/^"(.*)"$/, '$1')
    .replace(/\s*\([^)]*\)\s*|"+[^"]*"+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const words = name.split(' ').filter((w) => /\p{L}/u.test(w));
  return words.length >= 2 && words.length <= 5 && !/\d/.test(name) ? name : undefined;
}

function keep(name, fame) {
  const last = name.split(' ').at(-1).toLowerCase();
  return fame >= VERY_FAMOUS || !COMMON_SURNAMES.has(last);
}

async function fromWikidata() {
  const url = `${ENDPOINT}?format=json&query=${encodeURIComponent(QUERY)}`;
  const res = await fetch(url, {
    headers: { accept: 'application/sparql-results+json', 'user-agent': 'Reverie moderation list refresh (public-figures)' },
    signal: AbortSignal.timeout(300_000),
  });
  if (!res.ok) throw new Error(`Wikidata answered ${res.status}`);
  const body = await res.json();
  return body.results.bindings.map((b) => ({ name: b.label.value, fame: Number(b.links.value) }));
}

async function fromPantheon(file) {
  const [header, ...rows] = (await readFile(file, 'utf8')).split('\n');
  const col = Object.fromEntries(header.split('\t').map((h, i) => [h.trim(), i]));
  return rows
    .map((r) => r.split('\t'))
    .filter((c) => Number(c[col.birthyear]) >= 1900)
    .map((c) => ({ name: c[col.Name], fame: Number(c[col.numlangs]) }));
}

const args = process.argv.slice(2);
const pantheon = args.indexOf('--from-pantheon');
const source = pantheon >= 0 ? `Pantheon 1.0 (${path.basename(args[pantheon + 1])})` : `Wikidata (${ENDPOINT})`;
const people = pantheon >= 0 ? await fromPantheon(args[pantheon + 1]) : await fromWikidata();
const names = new Set();
for (const { name, fame } of people) {
  const full = name && fullName(name);
  if (full && keep(full, fame)) names.add(full);
}
const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en'));
const header = [
  '# Full names of well-known real people (rule real-person-sexual). Generated: do not edit by hand.',
  `# Source: ${source}; refreshed ${new Date().toISOString().slice(0, 10)} by scripts/refresh-public-figures.mjs.`,
  `# ${sorted.length} names, one a line.`,
];
writeFileSync(OUT, `${[...header, ...sorted].join('\n')}\n`);
console.log(`${sorted.length} names written to ${path.relative(process.cwd(), OUT)} from ${source}`);
