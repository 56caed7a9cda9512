/**
 * Turns a title or file name into a slug of a-z, 0-9 and dashes: accents dropped, Cyrillic and
 * Greek transliterated, everything else a separator. `Première rencontre` → `premiere-rencontre`,
 * `Любовь` → `lyubov`. Returns '' when nothing usable is left (a title in Chinese, say), so the
 * caller can ask for a slug instead of inventing one.
 */
export function slugify(text: string, maxLength = 80): string {
  const transliterate = (s: string) => [...s].map((ch) => TRANSLITERATION[ch] ?? ch).join('');
  // Before dropping accents (й is y, not i) and after (ά is α plus an accent).
  return transliterate(transliterate(text.toLowerCase()).normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}

/** Letters NFKD does not reduce to a-z: Latin ligatures and strokes, Cyrillic, Greek. */
const TRANSLITERATION: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i',
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k',
  л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts',
  ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', і: 'i', ї: 'yi', є: 'ye', ґ: 'g',
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm',
  ν: 'n', ξ: 'x', ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
};
