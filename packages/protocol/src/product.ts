// Product identity (docs/data-model.md (Product identity)): one place for the names the UI, files and banners use.
export const productName = 'Battery Probe Monitor';
export const productShortName = 'BPM';
/** The path segment meaning "the caller" (docs/data-model.md (General)). */
export const meSegment = '@me';
