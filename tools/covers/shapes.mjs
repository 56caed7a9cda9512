// The things a cover is drawn from: each a function of a few options returning SVG drawn around
// (0, 0), about 200 units across at scale 1. Colours are classes (palette.mjs): b background,
// s soft, t mid, m main, k ink, a accent, p paper, g green, r red, w water; stroke classes sk, sp, sa,
// sm, sg, sw (an element with only a stroke class also says fill="none").

const line = (d, cls, width, extra = '') => `<path d="${d}" class="${cls}" fill="none" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;

/** A heart; `cls` its fill (default m). */
export const heart = ({ cls = 'm' } = {}) =>
  `<path class="${cls}" d="M0 80C-40 50-95 15-95-30c0-32 24-55 52-55 19 0 34 10 43 26 9-16 24-26 43-26 28 0 52 23 52 55 0 45-55 80-95 110z"/>`;

/** A heart cracked down the middle, the halves a little apart. */
export const brokenHeart = () =>
  `<path class="m" d="M-8 78C-48 48-100 14-100-30c0-32 24-55 52-55 19 0 32 9 40 23l-14 30 20 22-18 32 14 24z" transform="translate(-8 0)"/>` +
  `<path class="m" d="M8 78C48 48 100 14 100-30c0-32-24-55-52-55-19 0-32 9-40 23l-10 30 20 22-18 32 14 24z" transform="translate(8 0)"/>`;

/** A heart mended with a line of gold along its old crack (kintsugi). */
export const mendedHeart = () => heart() + line('M0-59l-12 30 20 22-18 32 10 60', 'sa', 9);

/** A cracked heart with a plaster across the crack. */
export const plasteredHeart = () =>
  heart() + line('M0-59l-12 30 20 22-18 32', 'sp', 5) +
  `<g transform="rotate(-32)"><rect x="-62" y="-20" width="124" height="40" rx="18" class="p"/><rect x="-20" y="-20" width="40" height="40" class="s"/>` +
  `<circle cx="-8" cy="-8" r="3" class="m"/><circle cx="8" cy="8" r="3" class="m"/><circle cx="8" cy="-8" r="3" class="m"/><circle cx="-8" cy="8" r="3" class="m"/></g>`;

/** A coffee cup on a saucer; `steam` draws rising steam, `heartSteam` steam that ends in a heart. */
export const cup = ({ steam = true, heartSteam = false, cls = 'p' } = {}) =>
  `<ellipse cx="0" cy="78" rx="92" ry="16" class="s"/>` +
  `<path class="${cls}" d="M-62-10h124l-12 78c-2 12-12 20-24 20h-52c-12 0-22-8-24-20z"/>` +
  line('M62 8c30-4 36 36 6 42', 'sk', 10) +
  line('M-62-10h124l-12 78c-2 12-12 20-24 20h-52c-12 0-22-8-24-20z', 'sk', 6) +
  `<rect x="-62" y="4" width="124" height="12" class="m"/>` +
  (steam ? line('M-22-28c-14-16 14-24 0-44M14-28c-14-16 14-24 0-44', 'ss', 7) : '') +
  (heartSteam ? line('M-14-24c-12-14 12-22 0-36M14-24c-12-14 12-22 0-36', 'ss', 7) + `<g transform="translate(0 -92) scale(.32)">${heart({ cls: 'm' })}</g>` : '');

/** A looping arrow: "try again". */
export const loopArrow = () => line('M-70 10c0-60 110-70 120-10 8 50-70 60-80 10', 'sm', 12) + `<path class="m" d="M-34 22l-10-34 34 8z"/>`;

/** A phone; `screen` is drawn on it (SVG, in the screen's coordinates, about 110×190). */
export const phone = ({ screen = '' } = {}) =>
  `<rect x="-66" y="-120" width="132" height="240" rx="22" class="k"/><rect x="-56" y="-100" width="112" height="196" rx="8" class="p"/>` +
  `<circle cx="0" cy="108" r="6" class="s"/>${screen}`;

/** A speech bubble, `w` wide, tail on the `side` ('left' or 'right'), with `inner` drawn in its middle. */
export const bubble = ({ w = 150, h = 90, cls = 'm', side = 'left', inner = '' } = {}) => {
  const x = -w / 2;
  const y = -h / 2;
  const tail = side === 'left' ? `M${x + 24} ${y + h - 4}l-14 30 40-26z` : `M${x + w - 24} ${y + h - 4}l14 30-40-26z`;
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2.4}" class="${cls}"/><path class="${cls}" d="${tail}"/>${inner}`;
};

/** Three dots, as in a message being typed. */
export const dots = ({ cls = 'p' } = {}) => [-26, 0, 26].map((x) => `<circle cx="${x}" cy="0" r="9" class="${cls}"/>`).join('');

/** A tick. */
export const tick = ({ cls = 'sp', width = 12 } = {}) => line('M-26 0l18 20 36-40', cls, width);

/** A cross. */
export const cross = ({ cls = 'sp', width = 12 } = {}) => line('M-20-20l40 40M20-20l-40 40', cls, width);

/** A small four-pointed sparkle. */
export const sparkle = ({ cls = 'a' } = {}) => `<path class="${cls}" d="M0-40C4-10 10-4 40 0 10 4 4 10 0 40-4 10-10 4-40 0-10-4-4-10 0-40z"/>`;

/** A five-pointed star. */
export const star = ({ cls = 'a' } = {}) =>
  `<path class="${cls}" d="M0-95L22-30h70L36 10l21 68L0 38l-57 40 21-68-56-40h70z"/>`;

/** A wrapped gift with a ribbon and a bow. */
export const gift = ({ cls = 'm' } = {}) =>
  `<rect x="-80" y="-30" width="160" height="110" rx="8" class="${cls}"/><rect x="-90" y="-58" width="180" height="38" rx="6" class="k"/>` +
  `<rect x="-14" y="-58" width="28" height="138" class="a"/>` +
  line('M0-58c-30-46-78-30-52-6 14 12 40 8 52 6 12 2 38 6 52-6 26-24-22-40-52 6', 'sa', 10);

/** A calendar page; `marked` are the cells (0–14) that carry a small heart. */
export const calendar = ({ marked = [] } = {}) => {
  const cells = Array.from({ length: 15 }, (_, i) => {
    const x = -78 + (i % 5) * 34;
    const y = -20 + Math.floor(i / 5) * 34;
    return marked.includes(i) ? `<g transform="translate(${x + 13} ${y + 13}) scale(.13)">${heart()}</g>` : `<rect x="${x}" y="${y}" width="26" height="26" rx="4" class="s"/>`;
  }).join('');
  return `<rect x="-96" y="-96" width="192" height="196" rx="14" class="p"/><rect x="-96" y="-96" width="192" height="52" rx="14" class="m"/><rect x="-96" y="-60" width="192" height="16" class="m"/>` +
    `<rect x="-60" y="-112" width="12" height="34" rx="6" class="k"/><rect x="48" y="-112" width="12" height="34" rx="6" class="k"/>${cells}`;
};

/** A spanner (wrench). */
export const spanner = () =>
  `<g transform="rotate(-40)"><rect x="-12" y="-20" width="24" height="130" rx="12" class="k"/>` +
  `<path class="k" d="M-40-70a42 42 0 1 0 80 0l-16-2 0 30h-48v-30z"/></g>`;

/** A perfume bottle with a spray bulb. */
export const perfume = () =>
  `<rect x="-58" y="-40" width="116" height="130" rx="26" class="m"/><rect x="-38" y="-4" width="76" height="50" rx="8" class="p"/>` +
  `<rect x="-18" y="-70" width="36" height="32" rx="4" class="k"/>${line('M18-58h40c20 0 22-30 6-34', 'sk', 6)}<circle cx="70" cy="-100" r="18" class="a"/>` +
  `<circle cx="-70" cy="-96" r="5" class="s"/><circle cx="-90" cy="-80" r="4" class="s"/><circle cx="-96" cy="-108" r="3" class="s"/>`;

/** A flower on a stem; `cls` the petals. */
export const flower = ({ cls = 'm', petals = 6 } = {}) =>
  line('M0 10v110', 'sg', 8) + `<path class="g" d="M0 70c-36-4-50-28-46-40 22 0 40 14 46 40z"/>` +
  Array.from({ length: petals }, (_, i) => `<ellipse cx="0" cy="-30" rx="18" ry="32" class="${cls}" transform="rotate(${(360 / petals) * i})"/>`).join('') +
  `<circle r="18" class="a"/>`;

/** A tulip on a stem. */
export const tulip = ({ cls = 'm' } = {}) =>
  line('M0 0v120', 'sg', 7) + `<path class="g" d="M0 90c30-6 44-30 40-46-20 4-36 18-40 46z"/>` +
  `<path class="${cls}" d="M-34-60c0 44 12 64 34 64s34-20 34-64l-17 18L0-70l-17 28z"/>`;

/** A sprig of leaves. */
export const leaves = () =>
  line('M0 80C0 20 10-30 30-80', 'sg', 6) +
  [[0, 40, -40], [6, 0, 35], [14, -40, -35]].map(([x, y, r]) => `<ellipse cx="${x}" cy="${y}" rx="14" ry="32" class="g" transform="rotate(${r} ${x} ${y}) translate(${r < 0 ? -18 : 18} 0)"/>`).join('');

/** A phone-sized card with left and right arrows under it: swiping. */
export const swipeScreen = () =>
  `<rect x="-40" y="-80" width="80" height="104" rx="10" class="s"/><g transform="translate(0 -40) scale(.24)">${heart()}</g>` +
  line('M-20 56h-26l12-12M-46 56l12 12', 'sm', 6) + line('M20 56h26l-12-12M46 56l-12 12', 'sm', 6);

/** A battery, nearly empty. */
export const battery = () =>
  `<rect x="-70" y="-36" width="130" height="72" rx="12" class="p"/><rect x="60" y="-16" width="14" height="32" rx="4" class="k"/>` +
  line('M-70-24a12 12 0 0 1 12-12h106a12 12 0 0 1 12 12v48a12 12 0 0 1-12 12h-106a12 12 0 0 1-12-12z', 'sk', 7) +
  `<rect x="-58" y="-24" width="24" height="48" rx="4" class="r"/>`;

/** A lit candle. */
export const candle = () =>
  `<ellipse cx="0" cy="96" rx="70" ry="14" class="s"/><rect x="-34" y="-30" width="68" height="126" rx="8" class="p"/>` +
  line('M-34-30h68v126h-68z', 'sk', 5) + line('M0-30v-16', 'sk', 5) +
  `<path class="a" d="M0-110c22 26 26 44 12 58-7 7-17 7-24 0-14-14-10-32 12-58z"/><path class="m" d="M0-82c9 12 10 20 4 26-3 3-5 3-8 0-6-6-5-14 4-26z"/>`;

/** A wine glass; `tilt` in degrees. */
export const glass = ({ tilt = 0 } = {}) =>
  `<g transform="rotate(${tilt})"><path class="p" d="M-40-100h80c4 60-14 86-40 86s-44-26-40-86z"/><path class="m" d="M-39-70h78c-2 36-18 52-39 52s-37-16-39-52z"/>` +
  line('M-40-100h80c4 60-14 86-40 86s-44-26-40-86z', 'sk', 5) + line('M0-14v84M-30 72h60', 'sk', 7) + '</g>';

/** A laptop; `screen` drawn on its screen (about 190×110). */
export const laptop = ({ screen = '' } = {}) =>
  `<rect x="-110" y="-80" width="220" height="140" rx="12" class="k"/><rect x="-98" y="-68" width="196" height="116" rx="4" class="p"/>` +
  `<path class="k" d="M-140 62h280l-16 24h-248z"/>${screen}`;

/** Two video-call windows, a small person in each, and a heart between them. */
export const videoCall = () =>
  [-48, 48].map((x) => `<rect x="${x - 42}" y="-56" width="84" height="96" rx="6" class="s"/><circle cx="${x}" cy="-16" r="16" class="m"/><path class="m" d="M${x - 30} 40c0-30 60-30 60 0z"/>`).join('') +
  `<g transform="translate(0 -34) scale(.2)">${heart({ cls: 'a' })}</g>`;

/** A closed book lying flat, seen from the front; `mark` drawn on its cover. */
export const book = ({ cls = 'm', mark = '' } = {}) =>
  `<rect x="-70" y="-96" width="140" height="192" rx="8" class="${cls}"/><rect x="-70" y="-96" width="18" height="192" class="k"/>` +
  `<rect x="56" y="-88" width="10" height="176" class="p"/>${mark}`;

/** An open book with lines of text. */
export const openBook = () =>
  `<path class="p" d="M-120-70c40-14 80-14 118 6v140c-38-20-78-20-118-6zM120-70c-40-14-80-14-118 6v140c38-20 78-20 118-6z"/>` +
  line('M-120-70c40-14 80-14 118 6v140c-38-20-78-20-118-6zM120-70c-40-14-80-14-118 6v140c38-20 78-20 118-6z', 'sk', 6) +
  [-36, -10, 16, 42].map((y) => line(`M-96 ${y}c24-8 50-8 74 2M96 ${y}c-24-8-50-8-74 2`, 'ss', 6)).join('');

/** Three books stacked flat. */
export const bookStack = () =>
  [['m', -10, 60], ['a', 6, 22], ['s', -4, -16]].map(([cls, dx, y]) => `<rect x="${-100 + dx}" y="${y}" width="200" height="36" rx="6" class="${cls}"/><rect x="${84 + dx}" y="${y + 6}" width="12" height="24" class="p"/>`).join('');

/** A clipboard with a checklist; the first `ticked` of four lines are ticked. */
export const clipboard = ({ ticked = 3 } = {}) =>
  `<rect x="-84" y="-110" width="168" height="220" rx="14" class="k"/><rect x="-70" y="-90" width="140" height="186" rx="6" class="p"/><rect x="-32" y="-122" width="64" height="28" rx="8" class="a"/>` +
  [0, 1, 2, 3].map((i) => {
    const y = -56 + i * 42;
    const box = `<rect x="-54" y="${y - 13}" width="26" height="26" rx="5" class="s"/>`;
    return box + (i < ticked ? line(`M-50 ${y}l8 9 16-18`, 'sm', 6) : '') + line(`M-14 ${y}h64`, 'ss', 8);
  }).join('');

/** The sun, half risen over a horizon line. */
export const sunrise = () =>
  `<path class="a" d="M-80 40a80 80 0 0 1 160 0z"/>` +
  Array.from({ length: 7 }, (_, i) => `<rect x="-5" y="-130" width="10" height="30" rx="5" class="a" transform="translate(0 40) rotate(${-90 + i * 30})"/>`).join('') +
  line('M-150 40h300', 'sk', 6);

/** An oval mirror on a stand, a star shining in it. */
export const mirror = () =>
  `<ellipse cx="0" cy="-30" rx="70" ry="92" class="k"/><ellipse cx="0" cy="-30" rx="58" ry="80" class="s"/>` +
  line('M-30-90c-10 10-16 22-18 36', 'sp', 8) + `<g transform="translate(6 -24) scale(.42)">${star()}</g>` +
  `<rect x="-8" y="60" width="16" height="40" class="k"/><rect x="-50" y="96" width="100" height="14" rx="7" class="k"/>`;

/** A compass whose needle ends in a heart. */
export const compass = () =>
  `<circle r="100" class="k"/><circle r="84" class="p"/>` +
  [0, 90, 180, 270].map((r) => `<rect x="-3" y="-80" width="6" height="16" class="k" transform="rotate(${r})"/>`).join('') +
  `<path class="s" d="M0 70l16-70H-16z" transform="rotate(35)"/><path class="m" d="M0-52l16 52H-16z" transform="rotate(35)"/>` +
  `<g transform="rotate(35) translate(0 -60) scale(.2)">${heart()}</g><circle r="10" class="a"/>`;

/** A horseshoe magnet. */
export const magnet = () =>
  `<path class="m" d="M-70-20v-20a70 70 0 0 1 140 0v20h-40v-20a30 30 0 0 0-60 0v20z" transform="rotate(180) translate(0 -40)"/>` +
  `<rect x="-70" y="-60" width="40" height="34" class="p" transform="rotate(180) translate(0 -40)"/><rect x="30" y="-60" width="40" height="34" class="p" transform="rotate(180) translate(0 -40)"/>`;

/** A jigsaw piece; `knob` on the 'right' or 'left'. */
export const puzzle = ({ cls = 'm', knob = 'right' } = {}) => {
  const d = knob === 'right'
    ? 'M-60-60h120v40c30-16 30 56 0 40v40h-120v-40c-22 10-22-50 0-40z'
    : 'M-60-60h120v40c-22-10-22 50 0 40v40h-120v-40c30 16 30-56 0-40z';
  return `<path class="${cls}" d="${d}"/>`;
};

/** A simple figure: a round head over rounded shoulders. */
export const figure = ({ cls = 'm' } = {}) => `<circle cy="-50" r="34" class="${cls}"/><path class="${cls}" d="M-58 70c0-80 116-80 116 0z"/>`;

/** A watering can. */
export const wateringCan = () =>
  `<path class="w" d="M-60-40h90l-10 90h-70z"/>` + line('M-46-40c0-50 62-50 62 0', 'sw', 9) + `<path class="w" d="M24-10l70-44 10 14-66 50z"/>` +
  `<rect x="90" y="-68" width="30" height="24" rx="6" class="w" transform="rotate(-34 105 -56)"/>` +
  [[124, -20], [136, 6], [112, 10], [128, 34]].map(([x, y]) => `<path class="w" d="M${x} ${y - 10}c4 6 7 10 7 13a7 7 0 0 1-14 0c0-3 3-7 7-13z"/>`).join('');

/** A small plant in a pot; `heartPot` draws a heart-shaped pot. */
export const sprout = ({ heartPot = false, leavesCount = 2 } = {}) =>
  line('M0 20v-70', 'sg', 8) +
  `<path class="g" d="M0-40c-40 0-58-26-54-44 26 0 50 16 54 44z"/><path class="g" d="M0-30c36-6 52-34 46-50-24 4-44 22-46 50z"/>` +
  (leavesCount > 2 ? `<path class="g" d="M0-70c-14-24-4-46 10-52 10 18 6 38-10 52z"/>` : '') +
  (heartPot ? `<g transform="translate(0 58) scale(.6)">${heart({ cls: 'm' })}</g>` : `<path class="m" d="M-56 10h112l-16 90h-80z"/><rect x="-64" y="4" width="128" height="20" rx="6" class="k"/>`);

/** An umbrella over a heart, with rain falling around it. */
export const umbrella = () =>
  `<path class="m" d="M-120-10C-110-90 110-90 120-10c-20-14-40-14-60 0-20-14-40-14-60 0-20-14-40-14-60 0-20-14-40-14-60 0z"/>` +
  line('M0-60v110c0 16-22 16-22 0', 'sk', 8) + `<g transform="translate(0 60) scale(.34)">${heart({ cls: 'a' })}</g>` +
  [[-150, -80], [-130, 10], [150, -70], [138, 20], [-160, 70], [160, 80]].map(([x, y]) => line(`M${x} ${y}l-8 18`, 'sw', 6)).join('');

/** A flag on a pole; `cls` g (green) or r (red). */
export const flag = ({ cls = 'g' } = {}) =>
  `<rect x="-60" y="-110" width="12" height="220" rx="6" class="k"/><ellipse cx="-54" cy="110" rx="40" ry="10" class="s"/>` +
  `<path class="${cls}" d="M-48-104c40-16 70 16 110 0v80c-40 16-70-16-110 0z"/>`;

/** A warning triangle with an exclamation mark. */
export const warning = () =>
  `<path class="a" d="M0-90L92 72H-92z" stroke-linejoin="round"/>` + line('M0-30v50', 'sk', 14) + `<circle cy="46" r="8" class="k"/>`;

/** A magnifying glass. */
export const magnifier = () =>
  `<circle r="54" class="s" opacity=".6"/>` + line('M0 0m-54 0a54 54 0 1 0 108 0a54 54 0 1 0-108 0', 'sk', 14) +
  `<rect x="42" y="-10" width="80" height="22" rx="11" class="k" transform="rotate(45)"/>`;

/** A door, a little open, with light on the floor. */
export const door = () =>
  `<rect x="-70" y="-120" width="140" height="230" class="k"/><rect x="-60" y="-110" width="120" height="220" class="a"/>` +
  `<path class="m" d="M-60-110l80 14v210l-80-4z"/><circle cx="6" cy="6" r="7" class="a"/><path class="a" d="M-60 110h120l50 20H-60z" opacity=".6"/>`;

/** A signpost with two arrows pointing different ways, the upper one carrying a heart. */
export const signpost = () =>
  `<rect x="-8" y="-110" width="16" height="220" rx="6" class="k"/><ellipse cy="110" rx="50" ry="10" class="s"/>` +
  `<path class="m" d="M-4-90h100l26 24-26 24H-4z"/><path class="p" d="M4-20h-100l-26 24 26 24H4z"/>${line('M4-20h-100l-26 24 26 24H4z', 'sk', 4)}` +
  `<g transform="translate(52 -66) scale(.17)">${heart({ cls: 'p' })}</g>`;

/** A smiling mask on a stick. */
export const mask = () =>
  `<rect x="-6" y="20" width="12" height="120" rx="6" class="k" transform="rotate(18)"/>` +
  `<path class="p" d="M-90-40c30-30 150-30 180 0 4 50-30 80-90 80s-94-30-90-80z"/>` +
  line('M-90-40c30-30 150-30 180 0 4 50-30 80-90 80s-94-30-90-80z', 'sk', 6) +
  `<ellipse cx="-38" cy="-18" rx="20" ry="12" class="k"/><ellipse cx="38" cy="-18" rx="20" ry="12" class="k"/>${line('M-30 14c16 16 44 16 60 0', 'sm', 8)}`;

/** A head in profile with a heart inside. */
export const head = ({ inner = '' } = {}) => {
  const d = 'M-70 110v-60c-30-30-30-90 10-130 40-36 110-30 140 10 18 26 18 46 12 62l20 30c4 6 0 12-8 12h-14v20c0 14-10 22-24 22h-26v34z';
  return `<path class="p" d="${d}"/>${line(d, 'sk', 6)}${inner}`;
};

/** Pieces of cracked eggshell. */
export const eggshells = () => {
  const shells = [
    'M-100 60c0-50 20-80 44-80s44 30 44 80l-12-14-10 16-12-16-10 16-12-16-10 16z',
    'M40 70c4-30 26-50 50-44s34 36 26 62l-14-12-6 18-16-12-8 16-14-14z',
    'M-20 90l16-20 14 14 12-12 8 22z',
  ];
  return shells.map((d, i) => `<g${i === 1 ? ' transform="rotate(12 80 50)"' : ''}><path class="p" d="${d}"/>${line(d, 'sk', 4)}</g>`).join('');
};

/** A path of footprints. */
export const footprints = () =>
  [[-140, 40, -20], [-90, 10, -14], [-40, 40, -8], [10, 8, 0], [60, 36, 8]].map(([x, y, r]) =>
    `<g transform="translate(${x} ${y}) rotate(${r + 90})"><ellipse rx="14" ry="8" class="t"/><circle cx="16" r="5" class="t"/></g>`).join('');

/** A backpack. */
export const backpack = () =>
  `<path class="m" d="M-70-40c0-50 140-50 140 0v130c0 10-8 16-16 16H-54c-8 0-16-6-16-16z"/>` + line('M-30-76c0-40 60-40 60 0', 'sk', 10) +
  `<rect x="-50" y="20" width="100" height="60" rx="12" class="a"/>${line('M-50 44h100', 'sk', 5)}`;

/** A pencil. */
export const pencil = () =>
  `<g transform="rotate(-60)"><rect x="-16" y="-100" width="32" height="150" class="a"/><rect x="-16" y="-116" width="32" height="20" rx="6" class="m"/>` +
  `<path class="p" d="M-16 50h32l-16 40z"/><path class="k" d="M-6 78h12l-6 12z"/></g>`;

/** An apple. */
export const apple = () =>
  `<path class="r" d="M0-30c-30-24-80-10-80 34 0 46 34 84 56 84 10 0 14-6 24-6s14 6 24 6c22 0 56-38 56-84 0-44-50-58-80-34z"/>` +
  line('M0-30c0-20 6-34 14-42', 'sk', 7) + `<path class="g" d="M8-52c14-26 44-26 52-18-12 22-36 26-52 18z"/>`;

/** A round star map in a frame. */
export const starMap = () =>
  `<rect x="-100" y="-110" width="200" height="220" rx="6" class="k"/><rect x="-86" y="-96" width="172" height="192" class="p"/><circle cy="-16" r="64" class="k"/>` +
  [[-30, -40], [10, -56], [34, -20], [-12, 4], [26, 16], [-40, -4], [0, -30]].map(([x, y], i) => `<circle cx="${x}" cy="${y - 16 + 16}" r="${i % 3 ? 3 : 5}" class="a"/>`).join('') +
  line('M-30-40L0-30l10-26M0-30l34 10-8 36-38-12', 'sa', 2) + line('M-44 72h88', 'ss', 6);

/** A journal with a heart on its cover and a pen beside it. */
export const journal = () =>
  book({ cls: 'm', mark: `<g transform="translate(8 -10) scale(.34)">${heart({ cls: 'p' })}</g>` }) +
  `<g transform="translate(104 6) rotate(20)"><rect x="-9" y="-90" width="18" height="150" rx="6" class="k"/><path class="a" d="M-9 60h18l-9 24z"/></g>`;

/** A necklace chain with a pendant: 'heart', 'moon' or 'circle'. */
export const necklace = ({ pendant = 'heart' } = {}) => {
  const p = pendant === 'heart' ? `<g transform="translate(0 70) scale(.28)">${heart({ cls: 'a' })}</g>`
    : pendant === 'moon' ? `<path class="a" d="M10 44a30 30 0 1 0 20 52 24 24 0 1 1-20-52z"/>`
    : `<circle cy="72" r="22" class="a"/><circle cy="72" r="10" class="m"/>`;
  return line('M-110-90C-100 20-30 46 0 46S100 20 110-90', 'sa', 5) + line('M-110-90C-100 20-30 46 0 46S100 20 110-90', 'sk', 1.5, ' stroke-dasharray="2 6"') + p;
};

/** An open gift box, seen from the front, with room for what lies in it. */
export const openBox = () =>
  `<path class="k" d="M-110 20h220l-14 90h-192z"/><path class="m" d="M-110 20h220l-24-40h-172z"/>`;

/** A vase of tulips. */
export const vase = () =>
  [[-40, -70, -18], [0, -96, 0], [40, -70, 18]].map(([x, y, r]) => `<g transform="translate(${x} ${y}) rotate(${r}) scale(.7)">${tulip({ cls: r ? 'm' : 'a' })}</g>`).join('') +
  `<path class="w" d="M-46 0h92c10 40 20 60 0 110h-92c-20-50-10-70 0-110z"/>`;

/** A jar of honey with a dipper. */
export const honey = () =>
  `<rect x="-56" y="-50" width="112" height="140" rx="22" class="a"/><rect x="-62" y="-70" width="124" height="26" rx="8" class="k"/>` +
  `<rect x="-36" y="0" width="72" height="44" rx="6" class="p"/><g transform="translate(0 22) scale(.16)">${heart()}</g>`;

/** A ball of yarn with two knitting needles through it. */
export const yarn = () =>
  line('M-80 70L90-90M-90 40L100-70', 'sk', 8) + `<circle r="74" class="m"/>` +
  line('M-60-40c40 20 80 20 120 0M-72 0c48 20 96 20 144 0M-60 40c40 20 80 20 120 0M-30-68c-20 40-20 96 0 136', 'ss', 5) + line('M70 60c30 20 40 40 70 40', 'sm', 6);

/** A handmade mug. */
export const mug = () =>
  `<path class="a" d="M-60-70h120v130c0 16-12 28-28 28h-64c-16 0-28-12-28-28z"/>` + line('M60-40c44-4 44 70 0 66', 'sk', 12) +
  line('M-60-34c30 10 90 10 120 0', 'sm', 6) + `<g transform="translate(0 14) scale(.2)">${heart({ cls: 'p' })}</g>`;

/** A water filter jug. */
export const jug = () =>
  `<path class="p" d="M-60-90h100l20 30v150c0 12-10 20-22 20h-96c-12 0-22-8-22-20z"/>` + line('M-60-90h100l20 30v150c0 12-10 20-22 20h-96c-12 0-22-8-22-20z', 'sk', 6) +
  `<path class="w" d="M-56 0h112v88c0 10-8 18-18 18h-76c-10 0-18-8-18-18z"/><rect x="-40" y="-86" width="56" height="70" rx="10" class="s"/>` + line('M60-50c40 0 40 70 0 70', 'sk', 10);

/** A drop of water. */
export const drop = ({ cls = 'w' } = {}) => `<path class="${cls}" d="M0-90C20-50 60-10 60 30A60 60 0 0 1-60 30C-60-10-20-50 0-90z"/>`;

/** A supplement bottle. */
export const pillBottle = () =>
  `<rect x="-56" y="-60" width="112" height="160" rx="14" class="m"/><rect x="-64" y="-96" width="128" height="40" rx="8" class="k"/><rect x="-42" y="-20" width="84" height="80" rx="6" class="p"/>` +
  line('M-26 6h52M-26 28h52', 'ss', 6);

/** A capsule. */
export const capsule = () => `<g transform="rotate(-30)"><rect x="-50" y="-20" width="100" height="40" rx="20" class="p"/><path class="a" d="M0-20h30a20 20 0 0 1 0 40H0z"/>${line('M-50 0a20 20 0 0 1 20-20h60a20 20 0 0 1 0 40h-60a20 20 0 0 1-20-20z', 'sk', 4)}</g>`;

/** A small house. */
export const house = () =>
  `<path class="m" d="M-100-10L0-100 100-10z"/><rect x="-80" y="-10" width="160" height="120" class="p"/>${line('M-80-10h160v120h-160z', 'sk', 6)}` +
  `<rect x="-20" y="40" width="40" height="70" class="k"/><rect x="30" y="10" width="34" height="30" class="a"/>`;

/** A power plug with its cord. */
export const plug = () =>
  line('M0 60c0 60-80 40-100 80', 'sk', 10) + `<rect x="-40" y="-40" width="80" height="100" rx="16" class="k"/>` +
  `<rect x="-24" y="-84" width="14" height="48" rx="4" class="a"/><rect x="10" y="-84" width="14" height="48" rx="4" class="a"/>`;

/** A lightning bolt. */
export const bolt = ({ cls = 'a' } = {}) => `<path class="${cls}" d="M20-100L-60 20h50l-20 80 80-120h-50z"/>`;

/** A gift tag on a string. */
export const tag = () =>
  `<path class="p" d="M-60-40h90l40 40-40 40h-90z"/>${line('M-60-40h90l40 40-40 40h-90z', 'sk', 5)}<circle cx="40" r="8" class="k"/>` +
  line('M48 0c30-10 40-40 60-30', 'sk', 4) + line('M-42-8c16-8 30 10 50-2', 'sm', 5) + line('M-42 14h40', 'ss', 5);

/** A framed drawing of two figures. */
export const portrait = () =>
  `<rect x="-110" y="-100" width="220" height="200" rx="6" class="a"/><rect x="-94" y="-84" width="188" height="168" class="p"/>` +
  `<g transform="translate(-36 20) scale(.6)">${figure({ cls: 'm' })}</g><g transform="translate(36 20) scale(.6)">${figure({ cls: 'k' })}</g>` +
  `<g transform="translate(0 -46) scale(.14)">${heart()}</g>`;

/** A pair of earbuds. */
export const earbuds = () =>
  [-40, 40].map((x) => `<g transform="translate(${x} 0) rotate(${x < 0 ? -14 : 14})"><circle cy="-30" r="30" class="p"/>${line('M0-30m-30 0a30 30 0 1 0 60 0a30 30 0 1 0-60 0', 'sk', 5)}<rect x="-10" y="-4" width="20" height="80" rx="10" class="p"/>${line('M-10-4h20v70a10 10 0 0 1-20 0z', 'sk', 5)}<circle cy="-30" r="10" class="k"/></g>`).join('');

/** A map pin. */
export const pin = ({ cls = 'm' } = {}) => `<path class="${cls}" d="M0 100C-40 40-70 10-70-30a70 70 0 0 1 140 0c0 40-30 70-70 130z"/><circle cy="-30" r="26" class="p"/>`;
