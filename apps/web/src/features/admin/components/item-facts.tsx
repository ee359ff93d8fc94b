import { Link } from 'react-router';
import { REMOVAL_REASON_LABELS, REPORT_REASON_LABELS, type QueueItemDetail } from '@reverie/shared';
import { FactList, Panel, TextBlock } from './fact-list';

/** An address: a link when it is on this site, text otherwise (the console opens nothing elsewhere by itself). */
function Address({ url }: { url: string }) {
  try {
    const u = new URL(url);
    if (u.origin === window.location.origin) {
      return (
        <Link to={`${u.pathname}${u.search}`} className="font-mono text-primary hover:underline">
          {u.pathname}
        </Link>
      );
    }
  } catch {
    // shown as text below
  }
  return <span className="font-mono break-all">{url}</span>;
}

type Report = NonNullable<QueueItemDetail['report']>;
type RemovalRequest = NonNullable<QueueItemDetail['removalRequest']>;

/** A user's report: the reason, who sent it, their note and what they saw. */
function ReportFacts({ report: r }: { report: Report }) {
  return (
    <Panel title="Report">
      <FactList
        facts={[
          ['Reason', REPORT_REASON_LABELS[r.reason]],
          [
            'Reported by',
            r.reporter ? (
              <Link to={`/admin/users/${r.reporter.id}`} className="text-primary hover:underline">
                @{r.reporter.username}
              </Link>
            ) : (
              'a deleted account'
            ),
          ],
        ]}
      />
      {r.note ? <TextBlock>{r.note}</TextBlock> : <p className="text-sm text-fg-subtle">No note.</p>}
      {r.snapshot ? (
        <div className="grid gap-1.5">
          <h3 className="text-xs font-semibold text-fg-subtle">What the reporter saw</h3>
          <TextBlock>{r.snapshot}</TextBlock>
        </div>
      ) : null}
    </Panel>
  );
}

/** A removal request from the public form: the content it names, the reason, the contact and the outcome. */
function RemovalRequestFacts({ request: r }: { request: RemovalRequest }) {
  return (
    <Panel title={`Removal request ${r.reference}`}>
      <FactList
        facts={[
          ['Content', <Address key="a" url={r.subjectUrl} />],
          ['Reason', REMOVAL_REASON_LABELS[r.reason]],
          ['Contact', r.contactEmail],
          ['Name', r.name ?? '—'],
          ...(r.reason === 'copyright'
            ? ([['Sworn statement', r.swornStatement ? 'confirmed' : 'missing']] as Array<[string, string]>)
            : []),
          ['Outcome', r.outcome ?? 'not settled yet'],
        ]}
      />
      <TextBlock>{r.details}</TextBlock>
    </Panel>
  );
}

/** The rules a blocked attempt broke, each with the field and the words it matched. */
function BlockedProblems({ problems }: { problems: QueueItemDetail['problems'] }) {
  return (
    <ul className="grid gap-2 text-sm" aria-label="Why it was blocked">
      {problems.map((p, i) => (
        <li key={i} className="rounded-lg bg-surface px-3 py-2 ring-1 ring-border">
          <span className="font-medium text-fg">{p.rule}</span>
          <span className="text-fg-muted"> · {p.field}</span>
          {p.span !== null ? (
            <span className="mt-1 block text-fg">
              <mark className="rounded bg-danger-strong/25 px-1 text-fg">{p.span}</mark>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Blocked content: the rule, the field and the attempts, and the author's review request when there is one. */
function BlockedFacts({ item, blocked: b }: { item: QueueItemDetail; blocked: NonNullable<QueueItemDetail['blocked']> }) {
  return (
    <Panel title={item.reviewRequested ? 'Blocked content — the author asks for a review' : 'Blocked content'}>
      <FactList
        facts={[
          ...(b.rule ? ([['Rule', b.rule]] as Array<[string, string]>) : []),
          ...(b.field ? ([['Field', b.field]] as Array<[string, string]>) : []),
          ['Where', b.surface ?? '—'],
          ['Attempts', String(item.count)],
          ...(b.policyVersion ? ([['Policy version', b.policyVersion]] as Array<[string, string]>) : []),
        ]}
      />
      {item.problems.length > 0 ? <BlockedProblems problems={item.problems} /> : null}
      {item.note ? <TextBlock>{item.note}</TextBlock> : null}
      <p className="text-xs text-fg-subtle">
        {item.reviewRequested
          ? 'The author sent the matched words and their note with this request; nothing else of the text is stored.'
          : "The refused text is never stored; the account's other items and history are below."}
      </p>
    </Panel>
  );
}

/** What came in: the report, the removal request or the blocked attempt. */
export function ItemFacts({ item }: { item: QueueItemDetail }) {
  if (item.report) return <ReportFacts report={item.report} />;
  if (item.removalRequest) return <RemovalRequestFacts request={item.removalRequest} />;
  if (item.blocked) return <BlockedFacts item={item} blocked={item.blocked} />;
  return null;
}
