/** Texts of the information pages (about, use cases, /privacy, /temp-download); long copy lives in content/. */
export const infoText = {
  about: {
    // Title and description as the server renders them for /about.
    metaTitle: 'About Inkproof and terms and conditions',
    metaDescription:
      'Why Inkproof exists, what it does for you, and the terms and conditions that apply when you create and verify signatures.',
    eyebrow: 'About Inkproof',
    title: 'Signatures that carry their own proof',
    lead: 'Inkproof makes electronic signatures anyone can check: create one in seconds, download it with a QR code, and let the people who receive it confirm who signed and when.',
    benefitsTitle: 'Why people use Inkproof',
    missionTitle: 'Our mission',
    termsTitle: 'Terms and Conditions',
    lastUpdated: 'Last updated April 14, 2025',
    lastUpdatedIso: '2025-04-14',
    termsContents: 'Contents',
    privacyLink: 'Read the privacy notice',
  },
  useCases: {
    metaTitle: 'Use cases — Inkproof electronic signatures',
    metaDescription:
      'How businesses, schools, clinics, law firms, estate agents and car dealers use verifiable electronic signatures.',
    eyebrow: 'Use cases',
    title: 'One signature, checkable everywhere',
    lead: 'From invoices to permission slips, wherever a signature matters, a QR code that proves it saves a phone call. Here is how different fields use Inkproof.',
    jumpTo: 'Jump to a field',
    scenarios: 'Typical scenarios',
  },
  cta: {
    title: 'Try it with your own signature',
    lead: 'Creating and downloading a signature is free and needs no account. Sign up to keep your signatures and sign PDF documents.',
    create: 'Create Signature',
    signUp: 'Sign Up for Free',
  },
  privacy: {
    metaTitle: 'Privacy notice',
    metaDescription:
      'What Inkproof stores when you create, save and verify signatures, for how long, and what it never collects.',
    eyebrow: 'Privacy',
    title: 'Privacy notice',
    lead: 'Inkproof keeps as little about you as it can and still let others verify your signatures. This notice explains what this server stores and why.',
    lastUpdated: 'Last updated April 14, 2025',
    lastUpdatedIso: '2025-04-14',
    termsLink: 'Terms and Conditions',
  },
  tempDownload: {
    metaTitle: 'Password reset e-mail template — Inkproof',
    metaDescription: 'Download the password reset e-mail template Inkproof sends.',
    eyebrow: 'For administrators',
    title: 'Password reset e-mail template',
    lead: 'This is the e-mail Inkproof sends when someone asks to reset a forgotten password. Download it to review it, translate it or match it to your brand.',
    download: 'Download template (HTML)',
    fileName: 'password-reset-email.html',
    facts: [
      'A single HTML file with inline styles, as e-mail clients expect; a plain-text version is always sent alongside.',
      'The file holds a sample link. In real e-mails the link carries a one-time token that expires after 1 hour.',
      'It goes out from the sender address and SMTP server set for this Inkproof server (Email & Server Settings).',
    ],
    previewTitle: 'Preview',
    previewSubject: 'Subject',
    previewLoading: 'Loading the template…',
    previewError: 'The preview could not be loaded. The download may still work; try again later.',
    sourceTitle: 'HTML source',
    size: (kb: string) => `HTML file, ${kb} KB`,
  },
} as const;
