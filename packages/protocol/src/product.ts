// Product identity (design §1): one place for the names the UI, files and banners use.
export const productName = 'Battery Probe Monitor';
export const productShortName = 'BPM';
/** The path segment meaning "the caller" (spec §9). */
export const meSegment = '@me';
