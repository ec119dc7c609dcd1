// The About page's contact and support details (docs/screens.md (About), docs/data-model.md (Layout and timing)). Fictional but plausible: the
// .example domain (RFC 2606) and an Ofcom drama-reserved number, so nobody real gets the calls.
export const contact = {
  email: 'support@batteryprobemonitor.example',
  telephone: '+44 121 496 0018',
  postalAddress: [
    'Battery Probe Monitor Support',
    'Unit 7, Lythalls Lane Industrial Estate',
    'Coventry CV6 6FL',
    'United Kingdom',
  ],
} as const;

export const supportHours = 'Monday - Friday, 9:00 AM - 5:00 PM GMT';
export const copyrightYear = 2025;
