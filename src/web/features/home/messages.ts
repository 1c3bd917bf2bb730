/** Every text of the home page, in one place so the page and its tests agree. */
export const homeText = {
  meta: {
    // The same title and description the server renders into the head for '/'.
    title: 'Inkproof — free electronic signatures anyone can verify',
    description:
      'Draw or type your signature, download it as PNG, JPG, SVG or WebP with a QR code, and let anyone verify it online. Free, no account needed.',
    keywords:
      'electronic signature, e-signature, online signature, signature generator, QR code, verify signature',
  },
  hero: {
    badge: 'Signatures with built-in proof',
    titleStart: 'Electronic signatures',
    titleAccent: 'anyone can verify',
    lead: 'Draw or type your signature, download it with a QR code, and let anyone confirm who signed and when — in seconds, from any phone.',
    create: 'Create Signature',
    verify: 'Verify Signature',
    highlights: ['Free, no account needed', 'PNG, JPG and SVG downloads', 'A QR code on every signature'],
  },
  features: {
    eyebrow: 'Features',
    title: 'Everything a signature needs',
    lead: 'Create it, download it, reuse it and let others check it — all in one place.',
    cards: {
      create: {
        title: 'Signature Creation',
        text: 'Draw with a mouse, finger or stylus, or type your name in one of 45 handwriting fonts.',
      },
      download: {
        title: 'Signature Download',
        text: 'Save your signature as PNG, JPG or SVG, on its own or together with its QR code and reference.',
      },
      reuse: {
        title: 'Reuse Signatures',
        text: 'Keep signatures in a free account and place them on PDF documents whenever you need them.',
      },
      check: {
        title: 'Check Signatures',
        text: 'Anyone can check a signature by scanning its QR code or typing its reference number.',
      },
    },
  },
  confidence: {
    title: 'Sign Documents with Confidence',
    lead: 'A signature image alone is easy to copy. An Inkproof signature carries its own proof: whoever receives it can check it is genuine without calling you.',
    cta: 'Start signing',
    points: {
      reference: {
        title: 'A unique reference',
        text: 'Each signature gets its own reference number, so it can always be told apart.',
      },
      qr: {
        title: 'A QR code that proves it',
        text: 'The code opens a public page with the signer’s name and the time of signing.',
      },
      documents: {
        title: 'Documents, signed properly',
        text: 'Registered users place saved signatures on PDF pages and keep a signed copy.',
      },
    },
  },
  steps: {
    eyebrow: 'How it works',
    title: 'Three steps, no paperwork',
    items: [
      {
        title: 'Create',
        text: 'Draw or type your signature and add your name and, if you like, a reference.',
      },
      {
        title: 'Download with QR code',
        text: 'Get a PNG, JPG or SVG with a QR code that points to its verification page.',
      },
      {
        title: 'Verify anytime',
        text: 'Anyone can scan the code or enter the reference to see who signed and when.',
      },
    ],
    stepLabel: (n: number) => `Step ${n}: `,
    useCasesLink: 'See how people use Inkproof',
  },
  cta: {
    title: 'Ready to sign?',
    lead: 'Make your first signature now — it takes under a minute. Sign up to keep it and use it on documents.',
    create: 'Create Your First Signature',
    signUp: 'Sign Up for Free',
  },
  sample: {
    label: 'Sample signature',
    verified: 'Verified',
    signedBy: 'Signed by',
    date: 'Date',
    reference: 'Reference',
    name: 'Jane Cooper',
    caption: 'Every signature gets a reference and a QR code that opens its public verification page.',
  },
} as const;
