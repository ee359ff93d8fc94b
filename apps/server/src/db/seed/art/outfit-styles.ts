// One drawing per outfit style, over the torso in head-centred coordinates.
import { darken, lighten, luma, mix, vivid } from './color.ts';
import { torsoD } from './geometry.ts';
import type { OutfitStyle } from './outfit.ts';
import { apart, cloth, type Cut, fill, folds, type Garment, stroke } from './outfit-fabric.ts';
import { circleD, f, glowLine } from './svg.ts';

/** A plain top with a round neck. */
function casual({ a, g, c, shape }: Cut): Garment {
  let out = '';
  const nx = g.neckW + 14;
  out += shape(torsoD(g, { neckX: nx, neckY: 180, top: `Q0 218 ${f(nx)} 180` }), cloth(a, c));
  out += stroke(`M${f(-nx)} 180Q0 218 ${f(nx)} 180`, darken(c, 0.25), 9);
  out += stroke(`M${f(-nx + 2)} 186Q0 222 ${f(nx - 2)} 186`, lighten(c, 0.2), 2, 0.6);
  out += folds(a, c);
  return { front: out };
}

/** A hoodie, its hood lying folded behind the neck, with drawstrings. */
function hoodie({ a, g, c, acc, shape, trace }: Cut): Garment {
  let back = '';
  let out = '';
  const nx = g.neckW + 16;
  // The hood lying folded around the back of the neck.
  const hoodBack = `M${f(-nx - 70)} 230C${f(-nx - 80)} 140 ${f(nx + 80)} 140 ${f(nx + 70)} 230Z`;
  back += fill(hoodBack, darken(c, 0.3));
  trace(hoodBack);
  out += shape(torsoD(g, { neckX: nx, neckY: 184, top: `Q0 226 ${f(nx)} 184` }), cloth(a, c));
  out += fill(
    `M${f(-nx - 44)} 220C${f(-nx - 30)} 150 ${f(-nx)} 176 ${f(-nx)} 184Q0 232 ${f(nx)} 184C${f(nx)} 176 ${f(nx + 30)} 150 ${f(nx + 44)} 220C${f(nx + 20)} 262 ${f(-nx - 20)} 262 ${f(-nx - 44)} 220Z`,
    cloth(a, lighten(c, 0.06)),
  );
  out += stroke(`M${f(-nx + 6)} 188Q0 236 ${f(nx - 6)} 188`, darken(c, 0.4), 3, 0.6);
  out += stroke(`M-22 226q-4 60 4 110M22 226q4 60 -4 110`, lighten(acc, 0.3), 4);
  out += fill(circleD(-18, 338, 5) + circleD(18, 338, 5), lighten(acc, 0.5));
  out += stroke(`M${f(-g.shW + 40)} 480Q0 460 ${f(g.shW - 40)} 480`, darken(c, 0.35), 4, 0.5);
  out += folds(a, c);
  return { back, front: out };
}

/** Shirt, tie and a jacket with lapels. */
function suit({ a, g, c, acc, shape }: Cut): Garment {
  let out = '';
  const shirt = mix('#f4f1ec', acc, 0.08);
  out += shape(torsoD(g, { neckX: g.neckW + 8, neckY: 172, top: `L${f(g.neckW + 8)} 172` }), shirt);
  out += fill(
    `M${f(-g.neckW - 8)} 172L${f(-g.neckW + 6)} 206L0 190L${f(g.neckW - 6)} 206L${f(g.neckW + 8)} 172L0 182Z`,
    lighten(shirt, 0.4),
  );
  out += fill(`M-9 196L9 196L13 214L0 224L-13 214Z M-12 216L12 216L20 520L0 545L-20 520Z`, darken(acc, 0.25));
  const V = 420;
  const jacket = torsoD(g, {
    neckX: g.neckW + 10,
    neckY: 176,
    top: `L${f(-g.neckW + 4)} 210L0 ${V}L${f(g.neckW - 4)} 210L${f(g.neckW + 10)} 176`,
  });
  out += shape(jacket, cloth(a, c));
  for (const s of [-1, 1])
    out += fill(
      `M${f(s * (g.neckW + 10))} 176L${f(s * (g.neckW - 4))} 210L${f(s * 6)} ${V}L${f(s * 40)} 330L${f(s * 30)} 300L${f(s * 68)} 280L${f(s * (g.neckW + 40))} 190Z`,
      darken(c, 0.2),
    );
  out += stroke(`M${f(-g.neckW - 10)} 176L0 ${V}L${f(g.neckW + 10)} 176`, lighten(c, 0.25), 2, 0.5);
  out += fill(circleD(12, 470, 6) + circleD(12, 530, 6), darken(c, 0.5));
  out += fill(`M${f(g.shW * 0.45)} 330h34l-3 8h-28Z`, lighten(acc, 0.3));
  out += folds(a, c);
  return { front: out };
}

/** A tunic with a standing collar, buttons, epaulettes and a sash. */
function uniform({ a, g, c, acc, gold, shape }: Cut): Garment {
  let out = '';
  const collarH = 46;
  const tunic = torsoD(g, { neckX: g.neckW + 5, neckY: 150, top: `L${f(g.neckW + 5)} 150` });
  out += shape(tunic, cloth(a, c));
  out += fill(
    `M${f(-g.neckW - 5)} 150L${f(g.neckW + 5)} 150L${f(g.neckW + 7)} ${150 + collarH}Q0 ${156 + collarH} ${f(-g.neckW - 7)} ${150 + collarH}Z`,
    darken(c, 0.15),
  );
  out += stroke(
    `M${f(-g.neckW - 5)} 152L${f(g.neckW + 5)} 152M${f(-g.neckW - 7)} ${150 + collarH}Q0 ${156 + collarH} ${f(g.neckW + 7)} ${150 + collarH}`,
    gold,
    3,
  );
  out += stroke(`M0 ${152 + collarH}V900`, darken(c, 0.4), 3);
  let btn = '';
  for (let y = 240; y < 700; y += 52) btn += circleD(-34, y, 6) + circleD(34, y, 6);
  out += fill(btn, gold);
  for (const s of [-1, 1]) {
    out += fill(
      `M${f(s * (g.shW - 80))} 214L${f(s * (g.shW + 12))} 238L${f(s * (g.shW + 14))} 268L${f(s * (g.shW - 78))} 246Z`,
      darken(c, 0.1),
    );
    out += stroke(
      `M${f(s * (g.shW - 80))} 214L${f(s * (g.shW + 12))} 238L${f(s * (g.shW + 14))} 268L${f(s * (g.shW - 78))} 246Z`,
      gold,
      2.5,
    );
  }
  out += fill(`M${f(-g.shW + 20)} 250L${f(-g.shW + 70)} 240L${f(g.shW - 10)} 620L${f(g.shW - 60)} 650Z`, vivid(acc, 0.5, 0.45), 0.85);
  out += folds(a, c);
  return { front: out };
}

/** Bare shoulders under sheer sleeves, a scooped bodice and a necklace. */
function gown({ a, g, c, acc, gold, shape }: Cut): Garment {
  let out = '';
  const skinD = torsoD(g, { neckX: g.neckW + 2, neckY: 178 });
  out += fill(skinD, cloth(a, a.skin, 0.1));
  // Sheer sleeves over the shoulders, a scooped bodice below.
  out += shape(torsoD(g, { pad: 4, neckX: g.neckW + 10, neckY: 182, top: `Q0 212 ${f(g.neckW + 10)} 182` }), lighten(c, 0.15), 0.45);
  const nx = 96;
  out += fill(
    `M${-nx} 236Q0 290 ${nx} 236L${f(g.shW + 12)} 330L${f(g.shW + 24)} 900H${f(-g.shW - 24)}L${f(-g.shW - 12)} 330Z`,
    cloth(a, c, 0.3),
  );
  out += stroke(`M${-nx} 236Q0 290 ${nx} 236`, gold, 3);
  // Necklace with a pendant.
  out += stroke(`M${f(-g.neckW - 4)} 176Q0 246 ${f(g.neckW + 4)} 176`, gold, 2.5);
  out += fill(`M0 214l10 14l-10 16l-10 -16Z`, vivid(acc, 0.7, 0.55));
  out += fill(`M-3 219l4 -2l2 6Z`, '#ffffff', 0.8);
  out += stroke(`M${f(-g.shW * 0.5)} 420Q0 440 ${f(g.shW * 0.5)} 420`, lighten(c, 0.3), 3, 0.4);
  return { front: out };
}

/** Plate armour: gorget, breastplate and stacked pauldrons. */
function armor({ a, g, c, acc, gold, shape, trace }: Cut): Garment {
  let out = '';
  const steel = mix('#aab3c2', c, 0.4);
  out += shape(torsoD(g, { neckX: g.neckW + 6, neckY: 170, top: `L${f(g.neckW + 6)} 170` }), cloth(a, darken(c, 0.25)));
  // Gorget.
  const gorget = `M${f(-g.neckW - 14)} 160Q0 150 ${f(g.neckW + 14)} 160L${f(g.neckW + 30)} 222Q0 244 ${f(-g.neckW - 30)} 222Z`;
  out += fill(gorget, cloth(a, steel, 0.35));
  trace(gorget);
  // Breastplate.
  const bp = `M${f(-g.shW + 40)} 250Q0 206 ${f(g.shW - 40)} 250L${f(g.shW - 30)} 700L${f(-g.shW + 30)} 700Z`;
  out += fill(bp, cloth(a, steel, 0.4));
  out += stroke(`M0 232V700`, lighten(steel, 0.5), 3, 0.6);
  out += stroke(`M${f(-g.shW + 60)} 300Q0 270 ${f(g.shW - 60)} 300M${f(-g.shW + 70)} 420Q0 390 ${f(g.shW - 70)} 420`, acc, 3, 0.8);
  // Pauldrons: stacked plates.
  for (const s of [-1, 1]) {
    for (let k = 2; k >= 0; k--) {
      const y = 226 + k * 34;
      const d = `M${f(s * (g.shW - 90 + k * 6))} ${f(y)}Q${f(s * (g.shW + 10))} ${f(y - 40)} ${f(s * (g.shW + 40 - k * 2))} ${f(y + 50)}Q${f(s * (g.shW - 20))} ${f(y + 40)} ${f(s * (g.shW - 90 + k * 6))} ${f(y)}Z`;
      out += fill(d, cloth(a, k === 0 ? lighten(steel, 0.1) : darken(steel, 0.12 * k), 0.5));
      trace(d);
      out += stroke(d, darken(steel, 0.5), 2, 0.8);
    }
    out += fill(circleD(s * (g.shW - 20), 236, 5), gold);
  }
  out += fill(circleD(0, 300, 10), vivid(acc, 0.7, 0.55));
  return { front: out };
}

/** A wrap robe over an inner layer, with a sash. */
function robe({ a, g, c, acc, shape }: Cut): Garment {
  let out = '';
  const inner = mix(lighten(c, 0.55), '#f6efe2', 0.5);
  const band = vivid(acc, 0.5, 0.5);
  const robe = torsoD(g, { pad: 16, neckX: g.neckW + 4, neckY: 172, top: `L${f(g.neckW + 4)} 172` });
  out += shape(robe, inner);
  // Wrap collar: the right panel under, the left panel crossing over it, both edged with a band.
  out += fill(torsoD(g, { pad: 16, neckX: g.neckW + 10, neckY: 170, top: `L-30 420L${f(g.neckW + 10)} 170` }), cloth(a, darken(c, 0.08)));
  out += stroke(`M${f(g.neckW + 8)} 166L${f(g.neckW - 4)} 214`, band, 20);
  out += fill(
    torsoD(g, { pad: 16, neckX: g.neckW + 10, neckY: 170, top: `L40 440L${f(g.shW + 30)} 900` }).replace(
      /C[^Z]*$/,
      `L${f(-g.shW - 38)} 900L${f(-g.shW - 26)} 304C${f(-g.shW - 24)} 262 ${f(-g.shW + 20)} 230 ${f(-g.shW + 50)} 222C${f(-g.shW + 96)} 208 ${f(-g.neckW - 40)} 196 ${f(-g.neckW - 10)} 170Z`,
    ),
    cloth(a, c),
  );
  out += stroke(`M${f(-g.neckW - 8)} 166L46 446`, band, 22);
  out += stroke(`M${f(-g.neckW - 2)} 170L52 430`, lighten(band, 0.45), 2, 0.7);
  out += fill(`M${f(-g.shW - 30)} 520Q0 500 ${f(g.shW + 30)} 520V580Q0 560 ${f(-g.shW - 30)} 580Z`, darken(acc, 0.2));
  out += folds(a, c);
  return { front: out };
}

/** A leather jacket with wide collar flaps over a tee. */
function leather({ a, g, c, acc, shape }: Cut): Garment {
  let out = '';
  const tee = apart(luma(c) > 0.5 ? '#1d1d22' : mix('#d9d6d0', acc, 0.1), a.skin);
  out += shape(torsoD(g, { neckX: g.neckW + 10, neckY: 180, top: `Q0 210 ${f(g.neckW + 10)} 180` }), tee);
  out += fill(
    torsoD(g, { pad: 6, neckX: g.neckW + 14, neckY: 176, top: `L-34 250L-44 900L44 900L34 250L${f(g.neckW + 14)} 176` }),
    cloth(a, c, 0.3),
  );
  // Wide collar flaps.
  for (const s of [-1, 1])
    out += fill(
      `M${f(s * (g.neckW + 12))} 170L${f(s * (g.neckW + 70))} 196L${f(s * (g.neckW + 56))} 290L${f(s * 26)} 330Z`,
      darken(c, 0.15),
    );
  out += stroke(`M${f(-g.neckW - 12)} 170L${f(-g.neckW - 70)} 196L${f(-g.neckW - 56)} 290`, lighten(c, 0.35), 2, 0.6);
  out += stroke(`M${f(g.shW * 0.35)} 300L${f(g.shW * 0.3)} 800`, '#c9cdd4', 3);
  out += stroke(`M${f(-g.shW + 40)} 330q30 -20 70 -10`, lighten(c, 0.5), 5, 0.35);
  out += folds(a, c);
  return { front: out };
}

/** A fitted suit with glowing seams. */
function futuristic({ a, g, c, acc, shape }: Cut): Garment {
  let out = '';
  const glowC = vivid(acc, 0.85, 0.62);
  const suit = torsoD(g, { neckX: g.neckW + 6, neckY: 140, top: `L${f(g.neckW + 6)} 140` });
  out += shape(suit, cloth(a, c, 0.35));
  for (const s of [-1, 1]) {
    out += fill(
      `M${f(s * (g.neckW + 6))} 140L${f(s * (g.neckW + 26))} 200L${f(s * (g.shW - 10))} 250L${f(s * (g.shW + 12))} 310L${f(s * 70)} 300Z`,
      darken(c, 0.2),
    );
    out += glowLine(`M${f(s * (g.neckW + 26))} 200L${f(s * (g.shW - 10))} 250L${f(s * (g.shW + 12))} 310`, glowC, 3);
  }
  out += stroke(`M${f(-g.neckW - 6)} 140V178M${f(g.neckW + 6)} 140V178`, glowC, 2.5);
  out += fill(`M0 300l26 15v30l-26 15l-26 -15v-30Z`, darken(c, 0.4));
  out += glowLine(`M0 300l26 15v30l-26 15l-26 -15v-30Z M0 318v24`, glowC, 3);
  out += stroke(`M-70 400L-30 440V700M70 400L30 440V700`, glowC, 2, 0.7);
  return { front: out };
}

/** A white coat over a shirt, with a pocket and pens. */
function labCoat({ a, g, c, acc, shape }: Cut): Garment {
  let out = '';
  const coat = mix('#f3f5f7', c, 0.06);
  // The garment under the coat must never read as skin.
  const shirt = apart(a.color, a.skin);
  out += shape(torsoD(g, { neckX: g.neckW + 10, neckY: 176, top: `Q0 204 ${f(g.neckW + 10)} 176` }), cloth(a, shirt));
  out += stroke(`M${f(-g.neckW - 10)} 176Q0 204 ${f(g.neckW + 10)} 176`, darken(shirt, 0.3), 7);
  out += fill(circleD(0, 250, 4) + circleD(0, 290, 4), darken(shirt, 0.45));
  out += shape(
    torsoD(g, {
      pad: 8,
      neckX: g.neckW + 16,
      neckY: 172,
      top: `L${f(-g.neckW + 10)} 216L-30 560L30 560L${f(g.neckW - 10)} 216L${f(g.neckW + 16)} 172`,
    }),
    cloth(a, coat, 0.05),
  );
  for (const s of [-1, 1])
    out += fill(
      `M${f(s * (g.neckW + 16))} 172L${f(s * (g.neckW - 10))} 216L${f(s * 34)} 420L${f(s * 60)} 330L${f(s * 54)} 300L${f(s * 84)} 286L${f(s * (g.neckW + 50))} 186Z`,
      darken(coat, 0.06),
    );
  out += stroke(`M${f(-g.neckW - 16)} 172L-30 560M${f(g.neckW + 16)} 172L30 560`, darken(coat, 0.25), 2);
  out += fill(`M${f(g.shW * 0.35)} 380h60v70h-60Z`, darken(coat, 0.04));
  out += stroke(`M${f(g.shW * 0.35)} 380h60`, darken(coat, 0.25), 2);
  out += stroke(`M${f(g.shW * 0.35 + 14)} 386v-26M${f(g.shW * 0.35 + 26)} 386v-22`, vivid(acc, 0.6, 0.45), 5);
  out += folds(a, coat);
  return { front: out };
}

/** Cuts the garment of `style`. */
export function cutOutfit(style: OutfitStyle, k: Cut): Garment {
  switch (style) {
    case 'casual':
      return casual(k);
    case 'hoodie':
      return hoodie(k);
    case 'suit':
      return suit(k);
    case 'uniform':
      return uniform(k);
    case 'gown':
      return gown(k);
    case 'armor':
      return armor(k);
    case 'robe':
      return robe(k);
    case 'leather':
      return leather(k);
    case 'futuristic':
      return futuristic(k);
    case 'lab-coat':
      return labCoat(k);
    default:
      // validateAppearance refuses unknown styles; nothing to draw.
      return { front: '' };
  }
}
