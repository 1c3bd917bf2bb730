/** The 45 handwriting fonts of typed signatures, in 7 categories (shared/fonts.md). */
export const FONT_CATEGORIES = [
  'elegant',
  'professional',
  'casual',
  'artistic',
  'vintage',
  'modern',
  'bold',
] as const;
export type FontCategory = (typeof FONT_CATEGORIES)[number];

export interface SignatureFont {
  slug: string;
  family: string;
  category: FontCategory;
}

/** In each category the first font is the one chosen when the category changes. */
export const SIGNATURE_FONTS: readonly SignatureFont[] = [
  { slug: 'great-vibes', family: 'Great Vibes', category: 'elegant' },
  { slug: 'allura', family: 'Allura', category: 'elegant' },
  { slug: 'alex-brush', family: 'Alex Brush', category: 'elegant' },
  { slug: 'pinyon-script', family: 'Pinyon Script', category: 'elegant' },
  { slug: 'parisienne', family: 'Parisienne', category: 'elegant' },
  { slug: 'tangerine', family: 'Tangerine', category: 'elegant' },
  { slug: 'monsieur-la-doulaise', family: 'Monsieur La Doulaise', category: 'elegant' },
  { slug: 'corinthia', family: 'Corinthia', category: 'elegant' },
  { slug: 'herr-von-muellerhoff', family: 'Herr Von Muellerhoff', category: 'professional' },
  { slug: 'mr-de-haviland', family: 'Mr De Haviland', category: 'professional' },
  { slug: 'cedarville-cursive', family: 'Cedarville Cursive', category: 'professional' },
  { slug: 'homemade-apple', family: 'Homemade Apple', category: 'professional' },
  { slug: 'sacramento', family: 'Sacramento', category: 'professional' },
  { slug: 'italianno', family: 'Italianno', category: 'professional' },
  { slug: 'caveat', family: 'Caveat', category: 'casual' },
  { slug: 'indie-flower', family: 'Indie Flower', category: 'casual' },
  { slug: 'kalam', family: 'Kalam', category: 'casual' },
  { slug: 'patrick-hand', family: 'Patrick Hand', category: 'casual' },
  { slug: 'gochi-hand', family: 'Gochi Hand', category: 'casual' },
  { slug: 'nanum-pen-script', family: 'Nanum Pen Script', category: 'casual' },
  { slug: 'reenie-beanie', family: 'Reenie Beanie', category: 'casual' },
  { slug: 'gloria-hallelujah', family: 'Gloria Hallelujah', category: 'artistic' },
  { slug: 'covered-by-your-grace', family: 'Covered By Your Grace', category: 'artistic' },
  { slug: 'shadows-into-light', family: 'Shadows Into Light', category: 'artistic' },
  { slug: 'rock-salt', family: 'Rock Salt', category: 'artistic' },
  { slug: 'kaushan-script', family: 'Kaushan Script', category: 'artistic' },
  { slug: 'licorice', family: 'Licorice', category: 'artistic' },
  { slug: 'yellowtail', family: 'Yellowtail', category: 'vintage' },
  { slug: 'rochester', family: 'Rochester', category: 'vintage' },
  { slug: 'grand-hotel', family: 'Grand Hotel', category: 'vintage' },
  { slug: 'cookie', family: 'Cookie', category: 'vintage' },
  { slug: 'marck-script', family: 'Marck Script', category: 'vintage' },
  { slug: 'berkshire-swash', family: 'Berkshire Swash', category: 'vintage' },
  { slug: 'dancing-script', family: 'Dancing Script', category: 'modern' },
  { slug: 'satisfy', family: 'Satisfy', category: 'modern' },
  { slug: 'ms-madi', family: 'Ms Madi', category: 'modern' },
  { slug: 'ephesis', family: 'Ephesis', category: 'modern' },
  { slug: 'birthstone', family: 'Birthstone', category: 'modern' },
  { slug: 'whisper', family: 'Whisper', category: 'modern' },
  { slug: 'pacifico', family: 'Pacifico', category: 'bold' },
  { slug: 'lobster', family: 'Lobster', category: 'bold' },
  { slug: 'lobster-two', family: 'Lobster Two', category: 'bold' },
  { slug: 'permanent-marker', family: 'Permanent Marker', category: 'bold' },
  { slug: 'damion', family: 'Damion', category: 'bold' },
  { slug: 'courgette', family: 'Courgette', category: 'bold' },
];

export const DEFAULT_FONT = SIGNATURE_FONTS[0]!;

export const fontsIn = (category: FontCategory) => SIGNATURE_FONTS.filter((f) => f.category === category);

export const fontBySlug = (slug: string) => SIGNATURE_FONTS.find((f) => f.slug === slug) ?? DEFAULT_FONT;

/** The font to use after a category change: the current one if it belongs there, else the category's first. */
export function fontForCategory(category: FontCategory, currentSlug: string): SignatureFont {
  const inCategory = fontsIn(category);
  return inCategory.find((f) => f.slug === currentSlug) ?? inCategory[0]!;
}
