/** The benefits and mission of the about page. */
export const benefits = [
  {
    id: 'quick',
    title: 'Quick signatures, your way',
    text: 'Draw with a mouse, finger or stylus, or type your name and pick one of 45 stylish handwriting fonts. A signature takes under a minute.',
  },
  {
    id: 'formats',
    title: 'PNG, JPG and SVG downloads',
    text: 'Download a crisp image for documents, e-mails and websites. SVG stays sharp at any size; PNG keeps a clean white background.',
  },
  {
    id: 'qr',
    title: 'A unique verification QR code',
    text: 'Every signature gets its own reference number and a QR code that opens its verification page, showing the timestamp and the signer’s details.',
  },
  {
    id: 'free',
    title: 'Free, no account required',
    text: 'Create and download signatures without signing up. A free account keeps them for good and lets you sign PDF documents.',
  },
] as const;

export const mission = [
  'A signature on paper can be compared with the original. A signature image in an e-mail cannot: anyone can copy it, and the person who receives it has no way to tell. We built Inkproof so that every signature carries a way to check it.',
  'Our mission is to make trustworthy signatures available to everyone — free to use, open to verify without an account, and simple enough for a parent signing a permission slip or a small business approving an invoice. Because Inkproof can be hosted by anyone, the records behind your signatures stay with whoever you choose to trust.',
] as const;
