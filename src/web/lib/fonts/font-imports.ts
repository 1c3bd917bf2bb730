// One line per font of catalogue.ts: Vite splits only imports whose path is spelled out, so each
// font's CSS (and its file, for SVG embedding) becomes its own chunk, fetched only when asked for.
type Load = () => Promise<unknown>;
type LoadUrl = () => Promise<{ default: string }>;

export const fontCss: Record<string, Load> = {
  'great-vibes': () => import('@fontsource/great-vibes/latin-400.css'),
  allura: () => import('@fontsource/allura/latin-400.css'),
  'alex-brush': () => import('@fontsource/alex-brush/latin-400.css'),
  'pinyon-script': () => import('@fontsource/pinyon-script/latin-400.css'),
  parisienne: () => import('@fontsource/parisienne/latin-400.css'),
  tangerine: () => import('@fontsource/tangerine/latin-400.css'),
  'monsieur-la-doulaise': () => import('@fontsource/monsieur-la-doulaise/latin-400.css'),
  corinthia: () => import('@fontsource/corinthia/latin-400.css'),
  'herr-von-muellerhoff': () => import('@fontsource/herr-von-muellerhoff/latin-400.css'),
  'mr-de-haviland': () => import('@fontsource/mr-de-haviland/latin-400.css'),
  'cedarville-cursive': () => import('@fontsource/cedarville-cursive/latin-400.css'),
  'homemade-apple': () => import('@fontsource/homemade-apple/latin-400.css'),
  sacramento: () => import('@fontsource/sacramento/latin-400.css'),
  italianno: () => import('@fontsource/italianno/latin-400.css'),
  caveat: () => import('@fontsource/caveat/latin-400.css'),
  'indie-flower': () => import('@fontsource/indie-flower/latin-400.css'),
  kalam: () => import('@fontsource/kalam/latin-400.css'),
  'patrick-hand': () => import('@fontsource/patrick-hand/latin-400.css'),
  'gochi-hand': () => import('@fontsource/gochi-hand/latin-400.css'),
  'nanum-pen-script': () => import('@fontsource/nanum-pen-script/latin-400.css'),
  'reenie-beanie': () => import('@fontsource/reenie-beanie/latin-400.css'),
  'gloria-hallelujah': () => import('@fontsource/gloria-hallelujah/latin-400.css'),
  'covered-by-your-grace': () => import('@fontsource/covered-by-your-grace/latin-400.css'),
  'shadows-into-light': () => import('@fontsource/shadows-into-light/latin-400.css'),
  'rock-salt': () => import('@fontsource/rock-salt/latin-400.css'),
  'kaushan-script': () => import('@fontsource/kaushan-script/latin-400.css'),
  licorice: () => import('@fontsource/licorice/latin-400.css'),
  yellowtail: () => import('@fontsource/yellowtail/latin-400.css'),
  rochester: () => import('@fontsource/rochester/latin-400.css'),
  'grand-hotel': () => import('@fontsource/grand-hotel/latin-400.css'),
  cookie: () => import('@fontsource/cookie/latin-400.css'),
  'marck-script': () => import('@fontsource/marck-script/latin-400.css'),
  'berkshire-swash': () => import('@fontsource/berkshire-swash/latin-400.css'),
  'dancing-script': () => import('@fontsource/dancing-script/latin-400.css'),
  satisfy: () => import('@fontsource/satisfy/latin-400.css'),
  'ms-madi': () => import('@fontsource/ms-madi/latin-400.css'),
  ephesis: () => import('@fontsource/ephesis/latin-400.css'),
  birthstone: () => import('@fontsource/birthstone/latin-400.css'),
  whisper: () => import('@fontsource/whisper/latin-400.css'),
  pacifico: () => import('@fontsource/pacifico/latin-400.css'),
  lobster: () => import('@fontsource/lobster/latin-400.css'),
  'lobster-two': () => import('@fontsource/lobster-two/latin-400.css'),
  'permanent-marker': () => import('@fontsource/permanent-marker/latin-400.css'),
  damion: () => import('@fontsource/damion/latin-400.css'),
  courgette: () => import('@fontsource/courgette/latin-400.css'),
};

export const fontFileUrl: Record<string, LoadUrl> = {
  'great-vibes': () => import('@fontsource/great-vibes/files/great-vibes-latin-400-normal.woff2?url'),
  allura: () => import('@fontsource/allura/files/allura-latin-400-normal.woff2?url'),
  'alex-brush': () => import('@fontsource/alex-brush/files/alex-brush-latin-400-normal.woff2?url'),
  'pinyon-script': () => import('@fontsource/pinyon-script/files/pinyon-script-latin-400-normal.woff2?url'),
  parisienne: () => import('@fontsource/parisienne/files/parisienne-latin-400-normal.woff2?url'),
  tangerine: () => import('@fontsource/tangerine/files/tangerine-latin-400-normal.woff2?url'),
  'monsieur-la-doulaise': () =>
    import('@fontsource/monsieur-la-doulaise/files/monsieur-la-doulaise-latin-400-normal.woff2?url'),
  corinthia: () => import('@fontsource/corinthia/files/corinthia-latin-400-normal.woff2?url'),
  'herr-von-muellerhoff': () =>
    import('@fontsource/herr-von-muellerhoff/files/herr-von-muellerhoff-latin-400-normal.woff2?url'),
  'mr-de-haviland': () =>
    import('@fontsource/mr-de-haviland/files/mr-de-haviland-latin-400-normal.woff2?url'),
  'cedarville-cursive': () =>
    import('@fontsource/cedarville-cursive/files/cedarville-cursive-latin-400-normal.woff2?url'),
  'homemade-apple': () =>
    import('@fontsource/homemade-apple/files/homemade-apple-latin-400-normal.woff2?url'),
  sacramento: () => import('@fontsource/sacramento/files/sacramento-latin-400-normal.woff2?url'),
  italianno: () => import('@fontsource/italianno/files/italianno-latin-400-normal.woff2?url'),
  caveat: () => import('@fontsource/caveat/files/caveat-latin-400-normal.woff2?url'),
  'indie-flower': () => import('@fontsource/indie-flower/files/indie-flower-latin-400-normal.woff2?url'),
  kalam: () => import('@fontsource/kalam/files/kalam-latin-400-normal.woff2?url'),
  'patrick-hand': () => import('@fontsource/patrick-hand/files/patrick-hand-latin-400-normal.woff2?url'),
  'gochi-hand': () => import('@fontsource/gochi-hand/files/gochi-hand-latin-400-normal.woff2?url'),
  'nanum-pen-script': () =>
    import('@fontsource/nanum-pen-script/files/nanum-pen-script-latin-400-normal.woff2?url'),
  'reenie-beanie': () => import('@fontsource/reenie-beanie/files/reenie-beanie-latin-400-normal.woff2?url'),
  'gloria-hallelujah': () =>
    import('@fontsource/gloria-hallelujah/files/gloria-hallelujah-latin-400-normal.woff2?url'),
  'covered-by-your-grace': () =>
    import('@fontsource/covered-by-your-grace/files/covered-by-your-grace-latin-400-normal.woff2?url'),
  'shadows-into-light': () =>
    import('@fontsource/shadows-into-light/files/shadows-into-light-latin-400-normal.woff2?url'),
  'rock-salt': () => import('@fontsource/rock-salt/files/rock-salt-latin-400-normal.woff2?url'),
  'kaushan-script': () =>
    import('@fontsource/kaushan-script/files/kaushan-script-latin-400-normal.woff2?url'),
  licorice: () => import('@fontsource/licorice/files/licorice-latin-400-normal.woff2?url'),
  yellowtail: () => import('@fontsource/yellowtail/files/yellowtail-latin-400-normal.woff2?url'),
  rochester: () => import('@fontsource/rochester/files/rochester-latin-400-normal.woff2?url'),
  'grand-hotel': () => import('@fontsource/grand-hotel/files/grand-hotel-latin-400-normal.woff2?url'),
  cookie: () => import('@fontsource/cookie/files/cookie-latin-400-normal.woff2?url'),
  'marck-script': () => import('@fontsource/marck-script/files/marck-script-latin-400-normal.woff2?url'),
  'berkshire-swash': () =>
    import('@fontsource/berkshire-swash/files/berkshire-swash-latin-400-normal.woff2?url'),
  'dancing-script': () =>
    import('@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff2?url'),
  satisfy: () => import('@fontsource/satisfy/files/satisfy-latin-400-normal.woff2?url'),
  'ms-madi': () => import('@fontsource/ms-madi/files/ms-madi-latin-400-normal.woff2?url'),
  ephesis: () => import('@fontsource/ephesis/files/ephesis-latin-400-normal.woff2?url'),
  birthstone: () => import('@fontsource/birthstone/files/birthstone-latin-400-normal.woff2?url'),
  whisper: () => import('@fontsource/whisper/files/whisper-latin-400-normal.woff2?url'),
  pacifico: () => import('@fontsource/pacifico/files/pacifico-latin-400-normal.woff2?url'),
  lobster: () => import('@fontsource/lobster/files/lobster-latin-400-normal.woff2?url'),
  'lobster-two': () => import('@fontsource/lobster-two/files/lobster-two-latin-400-normal.woff2?url'),
  'permanent-marker': () =>
    import('@fontsource/permanent-marker/files/permanent-marker-latin-400-normal.woff2?url'),
  damion: () => import('@fontsource/damion/files/damion-latin-400-normal.woff2?url'),
  courgette: () => import('@fontsource/courgette/files/courgette-latin-400-normal.woff2?url'),
};
