// The floor plan's content checks (docs/plant.md (SVG safety)): every way an SVG could run script or fetch is
// refused with a sentence naming it; what drawing editors write is taken. plant.test.ts checks the route.
import { describe, expect, it } from 'vitest';
import { pngProblem, svgProblem } from './image-check.js';

const hall = (inside: string, rootAttributes = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 50"${rootAttributes}>${inside}</svg>\n`;
const check = (svg: string) => svgProblem(Buffer.from(svg));

describe('svgProblem', () => {
  it('takes a drawing with styles, gradients, local references, embedded rasters and editor metadata', () => {
    const drawing = hall(
      `<!-- exported --><defs><linearGradient id="g"><stop offset="0" stop-color="#eee"/></linearGradient></defs>
      <style><![CDATA[ .a { fill: url(#g); } ]]></style><style>.b{stroke:#333}</style>
      <sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" inkscape:export-filename="C:\\plans\\hall.png" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"/>
      <g id="r"><rect class="a" x="1" y="1" width="10" height="10" style="fill:url('#g')"/><text x="2" y="8">Cell &amp; module</text></g>
      <use xlink:href="#r" x="20"/><image href="data:image/png;base64,iVBORw0KGgo=" width="5" height="5"/><a href="#r"><text>go</text></a>`,
    );
    expect(check(drawing)).toBeNull();
    expect(check(`\uFEFF${hall('')}`)).toBeNull();
  });

  it.each([
    ['a script element', hall('<script>alert(1)</script>'), 'must not contain <script> elements'],
    ['a prefixed script element', hall('<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>'), '<s:script>'],
    ['an event handler', hall('<rect width="1" height="1" onclick="alert(1)"/>'), 'event-handler attributes (onclick on <rect>)'],
    ['an onload on the root', hall('', ' onload="alert(1)"'), 'event-handler attributes (onload on <svg>)'],
    ['an encoded javascript: link', hall('<a href="jav&#x61;&#9;script:alert(1)"><text>x</text></a>'), 'javascript: URLs'],
    ['a javascript: animation', hall('<a><set to="javascript:alert(1)" attributeName="href"/></a>'), 'javascript: URLs'],
    ['an animated link', hall('<a><set attributeName="xlink:href" to="#x"/></a>'), 'must not animate links'],
    ['an animated href', hall('<a><animate attributeName="href" values="#x"/></a>'), 'must not animate links'],
    ['a foreignObject', hall('<foreignObject><div>x</div></foreignObject>'), '<foreignObject>'],
    ['an iframe', hall('<iframe/>'), '<iframe>'],
    ['an XHTML namespace', hall('<h:img xmlns:h="http://www.w3.org/1999/xhtml" src="#x"/>'), 'HTML or MathML'],
    ['an external image', hall('<image href="https://example.com/a.png"/>'), 'must not refer to other files'],
    ['an external use', hall('<use xlink:href="other.svg#a"/>'), 'must not refer to other files'],
    ['an embedded SVG', hall('<image href="data:image/svg+xml;base64,PHN2Zy8+"/>'), 'must not refer to other files'],
    ['a url() to elsewhere', hall('<rect style="fill:url(https://example.com/x)"/>'), 'must not refer to other files'],
    ['a url() in a style element', hall('<style>rect{fill:url("//example.com/x")}</style>'), 'must not refer to other files'],
    ['an @import', hall('<style>@import "https://example.com/a.css";</style>'), '@import'],
    ['a CSS escape', hall('<rect style="fill:\\75 rl(https://example.com)"/>'), 'CSS escapes'],
    ['a DOCTYPE with entities', `<!DOCTYPE svg [<!ENTITY a "b">]>${hall('')}`, 'DOCTYPE'],
    ['a stylesheet instruction', `<?xml-stylesheet href="a.css"?>${hall('')}`, 'processing instructions'],
    ['an undeclared entity', hall('<text>&nbsp;</text>'), 'not well-formed'],
    ['text that is not an SVG', '<html><body>hi</body></html>', 'root element is not <svg>'],
    ['no element at all', 'just text', 'not well-formed'],
    ['an unclosed element', '<svg xmlns="http://www.w3.org/2000/svg"><g></g>', '<svg> is never closed'],
    ['a misnested element', hall('<g>'), 'closes no open element'],
    ['a second root', `${hall('')}<svg/>`, 'second root'],
    ['an attribute given twice', hall('<rect x="1" x="2"/>'), 'given twice'],
    ['an unquoted attribute', hall('<rect x=1/>'), 'not well-formed'],
  ])('refuses %s', (_name, svg, message) => {
    expect(check(svg)).toContain(message);
  });

  it('refuses text that is not UTF-8', () => {
    expect(svgProblem(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0x2f, 0x3e]))).toBe('The SVG must be UTF-8 text');
  });
});

describe('pngProblem', () => {
  it('checks the signature bytes and the IHDR chunk, not the declared type', () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    expect(pngProblem(png)).toBeNull();
    expect(pngProblem(Buffer.concat([Buffer.from('GIF89a'), png.subarray(6)]))).toContain('not the PNG signature');
    expect(pngProblem(png.subarray(0, 20))).toContain('not the PNG signature');
  });
});
