// What the server checks inside an uploaded floor plan (docs/plant.md (Checks), (SVG safety)): a PNG by its
// signature bytes, an SVG by reading it as strict XML and refusing anything that could run script or fetch
// from elsewhere. Refused, never stripped: an administrator learns what was wrong instead of seeing a plan
// that silently differs from their file. A second guard is how it is served (plant.routes.ts).

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Why a PNG is refused, or null: the 8 signature bytes, then the IHDR chunk every PNG starts with. */
export function pngProblem(bytes: Buffer): string | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(pngSignature) || bytes.toString('latin1', 12, 16) !== 'IHDR')
    return 'Image is not a PNG: its first bytes are not the PNG signature';
  return null;
}

/** Elements that run script, embed documents or HTML, or fetch; refused with any namespace prefix. */
const deniedElements = new Set([
  'script',
  'foreignobject',
  'iframe',
  'frame',
  'frameset',
  'embed',
  'object',
  'applet',
  'handler',
  'listener',
  'meta',
  'link',
  'base',
  'form',
]);
/** Namespaces whose elements can run script inside an SVG document (XHTML, MathML). */
const deniedNamespaces = ['http://www.w3.org/1999/xhtml', 'http://www.w3.org/1998/math/mathml'];
/** The only references taken: to something in the same file, or an embedded raster image. */
const safeReference = /^(#|data:image\/(png|jpeg|gif|webp);base64,)/;

const name = /[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/y;
const attribute = /\s+([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const tagEnd = /\s*(\/?)>/y;
const endTag = /<\/([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)\s*>/y;
const badReference = /&(?!(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/;

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1).toLowerCase();

function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[ref] ?? '';
  });
}

/** CSS (a style element or attribute) that could fetch or run something: any url() not to #id, @import, escapes. */
function cssProblem(css: string): string | null {
  if (css.includes('\\')) return 'The SVG’s styles must not contain CSS escapes (\\)';
  if (/@import/i.test(css)) return 'The SVG’s styles must not @import other files';
  if (/expression\s*\(/i.test(css)) return 'The SVG’s styles must not contain expression()';
  for (const match of css.matchAll(/url\s*\(\s*(['"]?)\s*([^)'"]*)/gi))
    if (!safeReference.test(match[2]!)) return 'The SVG must not refer to other files (url() only to #id)';
  return null;
}

function attributeProblem(element: string, qualified: string, raw: string): string | null {
  const attr = localName(qualified);
  const value = decodeReferences(raw);
  // Whitespace and control characters inside "java\tscript:" are skipped by URL parsers.
  // Only a value with a colon can hold a URL scheme; a path's megabyte of "d" is not copied.
  const squeezed = !value.includes(':')
    ? ''
    : Array.from(value.toLowerCase())
        .filter((c) => c.charCodeAt(0) > 0x20 && c.trim() !== '')
        .join('');
  if (attr.startsWith('on')) return `The SVG must not contain event-handler attributes (${qualified} on <${element}>)`;
  if (qualified.startsWith('xmlns') && deniedNamespaces.includes(value.trim().toLowerCase()))
    return 'The SVG must not contain HTML or MathML elements';
  if (/(java|vb)script:|data:text\/html/.test(squeezed))
    return `The SVG must not contain javascript: URLs (${qualified} on <${element}>)`;
  if ((attr === 'href' || attr === 'src') && !safeReference.test(value.trim()))
    return `The SVG must not refer to other files (${qualified}="${value.slice(0, 60)}" on <${element}>); only #id and embedded PNG/JPEG images`;
  const target = localName(value.trim());
  if (attr === 'attributename' && (target === 'href' || target === 'src'))
    return `The SVG must not animate links (<${element} attributeName="${value}">)`;
  // Unprefixed attributes may be parsed as CSS (presentation attributes); an editor's own (inkscape:…) are not.
  if (!qualified.includes(':')) return cssProblem(value);
  return null;
}

/** Why an SVG is refused (one sentence naming what was found), or null when it is safe to show. */
export function svgProblem(bytes: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'The SVG must be UTF-8 text';
  }
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  const declaration = /<\?xml\s[^?]*\?>/y;
  declaration.lastIndex = at;
  if (declaration.test(text)) at = declaration.lastIndex;
  const open: string[] = [];
  let rootSeen = false;
  const illFormed = (what: string) => `The SVG is not well-formed XML (${what} at character ${at})`;

  while (at < text.length) {
    const next = text.indexOf('<', at);
    const content = text.slice(at, next < 0 ? text.length : next);
    if (badReference.test(content)) return illFormed('an entity other than &amp; &lt; &gt; &quot; &apos;');
    if (open.length === 0 && content.trim() !== '') return illFormed('text outside the root element');
    if (open.at(-1) === 'style') {
      const problem = cssProblem(decodeReferences(content));
      if (problem) return problem;
    }
    if (next < 0) break;
    at = next;
    if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      if (end < 0) return illFormed('an unclosed comment');
      at = end + 3;
    } else if (text.startsWith('<![CDATA[', at)) {
      const end = text.indexOf(']]>', at + 9);
      if (end < 0 || open.length === 0) return illFormed('a misplaced CDATA section');
      if (open.at(-1) === 'style') {
        const problem = cssProblem(text.slice(at + 9, end));
        if (problem) return problem;
      }
      at = end + 3;
    } else if (text.startsWith('<!', at)) {
      return 'The SVG must not contain a DOCTYPE or entity declarations';
    } else if (text.startsWith('<?', at)) {
      return 'The SVG must not contain processing instructions (such as <?xml-stylesheet?>)';
    } else if (text.startsWith('</', at)) {
      endTag.lastIndex = at;
      const match = endTag.exec(text);
      if (!match || localName(match[1]!) !== open.at(-1)) return illFormed('an end tag that closes no open element');
      open.pop();
      at = endTag.lastIndex;
    } else {
      name.lastIndex = at + 1;
      const element = name.exec(text)?.[0];
      if (!element) return illFormed('a "<" that starts no element');
      const local = localName(element);
      if (open.length === 0) {
        if (rootSeen) return illFormed('a second root element');
        if (local !== 'svg') return 'Image is not an SVG: its root element is not <svg>';
        rootSeen = true;
      }
      if (deniedElements.has(local)) return `The SVG must not contain <${element}> elements`;
      at = name.lastIndex;
      const seen = new Set<string>();
      for (attribute.lastIndex = at; ; attribute.lastIndex = at) {
        const match = attribute.exec(text);
        if (!match) break;
        const [, qualified, double, single] = match;
        if (seen.has(qualified!)) return illFormed(`attribute ${qualified} given twice`);
        seen.add(qualified!);
        const problem = attributeProblem(element, qualified!, double ?? single ?? '');
        if (problem) return problem;
        at = attribute.lastIndex;
      }
      tagEnd.lastIndex = at;
      const end = tagEnd.exec(text);
      if (!end) return illFormed(`an unreadable tag <${element}>`);
      if (end[1] !== '/') open.push(local);
      at = tagEnd.lastIndex;
    }
  }
  if (!rootSeen) return 'Image is not an SVG: it has no <svg> element';
  if (open.length > 0) return illFormed(`<${open.at(-1)}> is never closed`);
  return null;
}
