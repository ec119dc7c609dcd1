// A log message coloured by its ANSI codes (docs/data-model.md (Logs constants): reset, red, green, yellow, blue, magenta, cyan,
// bold red). Parsed by anser into chunks and rendered as React text: never HTML, so markup in a
// message shows as the characters it is.
import Anser from 'anser';
import type { CSSProperties } from 'react';

/** anser's colour classes → colours of at least 4.5:1 on a light background (docs/operator-screen.md). */
const ansiColours: Record<string, string> = {
  'ansi-black': 'var(--mantine-color-dark-7)',
  'ansi-red': 'var(--mantine-color-red-9)',
  'ansi-green': '#237032',
  'ansi-yellow': '#8f5b00',
  'ansi-blue': 'var(--mantine-color-blue-9)',
  'ansi-magenta': 'var(--mantine-color-grape-9)',
  'ansi-cyan': 'var(--mantine-color-cyan-9)',
  'ansi-white': 'var(--mantine-color-gray-7)',
  'ansi-bright-black': 'var(--mantine-color-gray-7)',
  'ansi-bright-red': 'var(--mantine-color-red-9)',
  'ansi-bright-green': '#237032',
  'ansi-bright-yellow': '#8f5b00',
  'ansi-bright-blue': 'var(--mantine-color-blue-9)',
  'ansi-bright-magenta': 'var(--mantine-color-grape-9)',
  'ansi-bright-cyan': 'var(--mantine-color-cyan-9)',
  'ansi-bright-white': 'var(--mantine-color-gray-7)',
};

export interface AnsiChunk {
  text: string;
  style: CSSProperties;
}

/** Splits a message into text chunks, each with the colour and weight its ANSI codes give it. */
export function ansiChunks(message: string): AnsiChunk[] {
  return Anser.ansiToJson(message, { use_classes: true, remove_empty: true }).map((entry) => {
    const style: CSSProperties = {};
    const colour = entry.fg ? ansiColours[entry.fg] : undefined;
    if (colour) style.color = colour;
    if (entry.decorations.includes('bold')) style.fontWeight = 700;
    return { text: entry.content, style };
  });
}

export function AnsiText({ message }: { message: string }) {
  return (
    <>
      {ansiChunks(message).map((chunk, index) => (
        <span key={index} style={chunk.style} data-ansi-colour={chunk.style.color ? 'yes' : undefined}>
          {chunk.text}
        </span>
      ))}
    </>
  );
}
