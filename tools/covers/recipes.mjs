// What each piece's cover shows: its palette, the alt text (also the SVG's <title> and the piece's
// `coverAlt`), and the scene, a list of [shape, x, y, scale, rotation, options] on a 1200×400
// canvas whose centre is (600, 200). The shapes are in shapes.mjs. Keep the subject in the middle
// 500 units: listing cards show a 16:9 slice of the middle, social cards a tall one.

/** @type {Record<string, { palette: string, alt: string, scene: [string, number, number, number, number?, object?][] }>} */
export const RECIPES = {
  // Articles
  'a-dating-story-about-second-chances': {
    palette: 'lilac',
    alt: 'Illustration: two coffee cups, one empty and one steaming, with a looping arrow between them for a second try',
    scene: [['cup', 490, 240, 1.05, -6, { steam: false }], ['cup', 715, 240, 1.05, 4], ['loopArrow', 600, 95, 0.75]],
  },
  'first-date-tips': {
    palette: 'rose',
    alt: 'Illustration: two coffee cups side by side, their steam rising into a small heart',
    scene: [['cup', 510, 250, 0.95], ['cup', 700, 250, 0.95, 0, { cls: 's' }], ['heart', 605, 95, 0.36]],
  },
  'five-relationship-secrets': {
    palette: 'rose',
    alt: 'Illustration: a calendar page with small hearts on five of its days',
    scene: [['calendar', 600, 210, 1.2, 0, { marked: [0, 3, 6, 9, 12] }], ['sparkle', 760, 90, 0.5]],
  },
  'flirty-small-talk': {
    palette: 'peach',
    alt: 'Illustration: two speech bubbles facing each other, one with a little star and one with a heart',
    scene: [['bubble', 500, 150, 1, 0, { side: 'left', inner: 'star' }], ['bubble', 700, 250, 1, 0, { side: 'right', cls: 'a', inner: 'heart' }]],
  },
  'gentle-decoding-secrets-of-men': {
    palette: 'mint',
    alt: 'Illustration: a heart beside a spanner and a cup of tea: care shown through small actions',
    scene: [['spanner', 470, 210, 0.9], ['heart', 610, 170, 0.6], ['cup', 750, 260, 0.7]],
  },
  'how-to-choose-a-perfume': {
    palette: 'lilac',
    alt: 'Illustration: a perfume bottle with a spray bulb beside a flower and a sprig of leaves',
    scene: [['flower', 440, 190, 0.9], ['perfume', 610, 220, 1.05], ['leaves', 770, 230, 0.9]],
  },
  'modern-dating-challenges': {
    palette: 'sky',
    alt: 'Illustration: a phone showing a profile card with left and right swipe arrows, beside a nearly empty battery',
    scene: [['phone', 540, 200, 1, 0, { screen: 'swipe' }], ['battery', 730, 230, 0.8]],
  },
  'reignite-the-flame-of-romance': {
    palette: 'peach',
    alt: 'Illustration: a lit candle between two glasses of wine',
    scene: [['glass', 470, 230, 0.9, 0, { tilt: 12 }], ['candle', 600, 230, 0.95], ['glass', 730, 230, 0.9, 0, { tilt: -12 }]],
  },
  'unlock-the-power-of-irresistible-texts': {
    palette: 'rose',
    alt: 'Illustration: a phone with three message bubbles, the last one holding a heart',
    scene: [['phone', 600, 200, 1.05, 0, { screen: 'texts' }], ['sparkle', 720, 90, 0.45], ['sparkle', 480, 300, 0.3]],
  },
  'video-dates-that-feel-close': {
    palette: 'sky',
    alt: 'Illustration: a laptop showing a video call, with a heart between the two people on screen',
    scene: [['laptop', 600, 210, 1.2, 0, { screen: 'call' }]],
  },

  // Guides
  'best-books-to-heal-a-broken-heart': {
    palette: 'sky',
    alt: 'Illustration: a stack of three books with a small mended heart resting on top',
    scene: [['bookStack', 600, 255, 1.1], ['mendedHeart', 600, 170, 0.55]],
  },
  'better-breakups': {
    palette: 'rose',
    alt: 'Illustration: a heart split cleanly into two halves under two calm speech bubbles',
    scene: [['brokenHeart', 600, 250, 0.85], ['bubble', 495, 115, 0.62, 0, { side: 'left', cls: 'k', inner: 'dots' }], ['bubble', 705, 115, 0.62, 0, { side: 'right', cls: 'k', inner: 'dots' }]],
  },
  'breakup-checklist': {
    palette: 'sky',
    alt: 'Illustration: a clipboard with a checklist, three of its four items ticked',
    scene: [['clipboard', 600, 210, 1.3], ['sparkle', 740, 100, 0.4]],
  },
  'breakup-recovery-guide': {
    palette: 'lilac',
    alt: 'Illustration: a heart mended with a line of gold, in front of a rising sun',
    scene: [['sunrise', 600, 240, 1.25], ['mendedHeart', 600, 185, 0.72]],
  },
  breakups: {
    palette: 'peach',
    alt: 'Illustration: a cracked heart with a plaster across the crack',
    scene: [['plasteredHeart', 600, 200, 1.2]],
  },
  'chat-mistakes': {
    palette: 'mint',
    alt: 'Illustration: a phone with two message bubbles, one crossed out and one ticked',
    scene: [['phone', 600, 200, 1.05, 0, { screen: 'mistakes' }]],
  },
  'confidence-attraction': {
    palette: 'rose',
    alt: 'Illustration: an oval mirror on a stand with a star shining in it',
    scene: [['mirror', 600, 200, 1.2], ['sparkle', 730, 110, 0.45], ['sparkle', 470, 160, 0.3]],
  },
  'dating-advice-for-women': {
    palette: 'lilac',
    alt: 'Illustration: a compass whose needle ends in a heart',
    scene: [['compass', 600, 200, 1.3]],
  },
  'emotional-attraction': {
    palette: 'lilac',
    alt: 'Illustration: a horseshoe magnet drawing three small hearts towards it',
    scene: [['magnet', 520, 230, 1.1, -90], ['heart', 690, 130, 0.28], ['heart', 730, 210, 0.34], ['heart', 690, 290, 0.28]],
  },
  'emotional-connection-tips': {
    palette: 'rose',
    alt: 'Illustration: two jigsaw pieces fitting together, with a heart where they meet',
    scene: [['puzzle', 540, 200, 1.1, 0, { knob: 'right' }], ['puzzle', 672, 200, 1.1, 0, { cls: 'a', knob: 'left' }], ['heart', 606, 200, 0.22, 0, { cls: 'p' }]],
  },
  'emotional-intimacy-tips': {
    palette: 'peach',
    alt: 'Illustration: two simple figures sitting side by side, a small heart above them',
    scene: [['figure', 540, 240, 1.1], ['figure', 660, 240, 1.1, 0, { cls: 'k' }], ['heart', 600, 80, 0.3]],
  },
  'emotional-neglect-healing': {
    palette: 'sky',
    alt: 'Illustration: a watering can giving water to a small sprout in a pot',
    scene: [['wateringCan', 480, 150, 0.9], ['sprout', 700, 240, 0.95]],
  },
  'emotional-safety-tips': {
    palette: 'peach',
    alt: 'Illustration: an umbrella sheltering a heart from the rain',
    scene: [['umbrella', 600, 210, 1.2]],
  },
  'green-flags-relationship': {
    palette: 'mint',
    alt: 'Illustration: a green flag on a pole beside a tick',
    scene: [['flag', 580, 200, 1.2, 0, { cls: 'g' }], ['tick', 740, 260, 1.6, 0, { cls: 'sm', width: 14 }]],
  },
  'how-to-get-him-to-open-up': {
    palette: 'sky',
    alt: 'Illustration: a door opening a little, with a speech bubble coming through',
    scene: [['door', 560, 210, 1.1], ['bubble', 700, 120, 0.75, 0, { side: 'left', inner: 'dots' }]],
  },
  'how-to-get-your-ex-back': {
    palette: 'peach',
    alt: 'Illustration: a signpost with two arrows pointing different ways, one marked with a heart',
    scene: [['signpost', 600, 200, 1.2]],
  },
  'how-to-spot-red-flags': {
    palette: 'rose',
    alt: 'Illustration: a red flag on a pole beside a warning sign',
    scene: [['flag', 560, 200, 1.2, 0, { cls: 'r' }], ['warning', 730, 250, 0.8]],
  },
  'nice-guy-trap': {
    palette: 'sky',
    alt: 'Illustration: a smiling mask on a stick, held up like a disguise',
    scene: [['mask', 600, 180, 1.1], ['sparkle', 740, 300, 0.3]],
  },
  'psychology-today-breakups': {
    palette: 'lilac',
    alt: 'Illustration: the outline of a head in profile with a cracked heart inside it',
    scene: [['head', 590, 210, 1.05, 0, { inner: 'broken' }]],
  },
  'stop-walking-on-eggshells': {
    palette: 'peach',
    alt: 'Illustration: broken eggshells lying across a path of footprints',
    scene: [['footprints', 600, 280, 1.4], ['eggshells', 620, 190, 1.1]],
  },
  'ways-to-heal-after-breakup': {
    palette: 'mint',
    alt: 'Illustration: a young plant growing in a heart-shaped pot',
    scene: [['sprout', 600, 190, 1.35, 0, { heartPot: true, leavesCount: 3 }]],
  },

  // Gift guides
  'back-to-school-gifts': {
    palette: 'sky',
    alt: 'Illustration: a school backpack beside a pencil and an apple',
    scene: [['backpack', 540, 200, 1.1], ['pencil', 690, 180, 0.8], ['apple', 740, 280, 0.6]],
  },
  'gift-for-daughter-from-dad': {
    palette: 'sky',
    alt: 'Illustration: a framed star map beside a small wrapped gift',
    scene: [['starMap', 560, 200, 1.1], ['gift', 730, 270, 0.6]],
  },
  'gift-for-daughter-from-mom': {
    palette: 'mint',
    alt: 'Illustration: a journal with a heart on its cover and a pen beside it',
    scene: [['journal', 580, 200, 1.2], ['sparkle', 740, 110, 0.4]],
  },
  'gift-for-daughter-necklace': {
    palette: 'peach',
    alt: 'Illustration: a necklace with a crescent-moon pendant over an open gift box',
    scene: [['openBox', 600, 250, 1.1], ['necklace', 600, 150, 0.9, 0, { pendant: 'moon' }]],
  },
  'impress-her-mom-gift-guide': {
    palette: 'lilac',
    alt: 'Illustration: a vase of tulips beside a jar of honey',
    scene: [['vase', 540, 230, 1.05], ['honey', 720, 260, 0.8]],
  },
  'love-necklace-gift-page': {
    palette: 'rose',
    alt: 'Illustration: a fine necklace with a heart-shaped pendant',
    scene: [['necklace', 600, 180, 1.35, 0, { pendant: 'heart' }], ['sparkle', 700, 300, 0.35]],
  },
  'one-of-a-kind-etsy-gifts': {
    palette: 'mint',
    alt: 'Illustration: a ball of yarn with knitting needles beside a handmade mug',
    scene: [['yarn', 530, 210, 1], ['mug', 720, 240, 0.85]],
  },

  // Reviews
  'affiliate-aqua-tower-review': {
    palette: 'sky',
    alt: 'Illustration: a water filter jug beside a drop of water',
    scene: [['jug', 570, 210, 1.1], ['drop', 740, 220, 0.6]],
  },
  'affiliate-his-secret-obsession-review': {
    palette: 'lilac',
    alt: 'Illustration: a closed book with a heart on its cover and a pencil making notes',
    scene: [['book', 560, 200, 1.1, -6, { mark: 'heart' }], ['pencil', 710, 220, 0.9]],
  },
  'affiliate-mitolyn-review': {
    palette: 'peach',
    alt: 'Illustration: a supplement bottle with two capsules beside it',
    scene: [['pillBottle', 560, 210, 1.05], ['capsule', 720, 180, 0.7], ['capsule', 730, 280, 0.6, 50]],
  },
  'affiliate-the-lost-generator-review': {
    palette: 'mint',
    alt: 'Illustration: a guidebook with a lightning bolt on its cover, under a magnifying glass',
    scene: [['book', 560, 200, 1.1, 4, { cls: 'a', mark: 'bolt' }], ['magnifier', 690, 150, 0.9]],
  },
  'affiliate-unlock-the-scrambler-review': {
    palette: 'sky',
    alt: 'Illustration: a guidebook beside two speech bubbles, one of them ticked',
    scene: [['book', 520, 210, 1, -4, { mark: 'bubble' }], ['bubble', 700, 130, 0.7, 0, { side: 'left', cls: 'm', inner: 'dots' }], ['bubble', 720, 270, 0.7, 0, { side: 'right', cls: 'a', inner: 'tick' }]],
  },

  // Partner cards on /posts (content/data/promos.json)
  'promo-etsy-gifts': {
    palette: 'peach',
    alt: 'Illustration: a wrapped gift with a handwritten name tag',
    scene: [['gift', 560, 230, 1.05], ['tag', 730, 170, 0.8, 14]],
  },
  'promo-fiverr-illustration': {
    palette: 'lilac',
    alt: 'Illustration: a framed drawing of two people beside a pencil',
    scene: [['portrait', 570, 200, 1.15], ['pencil', 730, 230, 0.8]],
  },
  'promo-voicemap-date': {
    palette: 'mint',
    alt: 'Illustration: a pair of earbuds beside a map pin',
    scene: [['earbuds', 540, 200, 1.1], ['pin', 710, 200, 0.85]],
  },
};
