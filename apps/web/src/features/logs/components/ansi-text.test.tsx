import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnsiText, ansiChunks } from './ansi-text';

const esc = '\u001b';

describe('ANSI log messages', () => {
  it('colours each recognised code and resets afterwards', () => {
    const chunks = ansiChunks(
      `${esc}[31mred${esc}[0m ${esc}[32mgreen${esc}[39m ${esc}[33myellow${esc}[0m ${esc}[34mblue${esc}[0m ` +
        `${esc}[35mmagenta${esc}[0m ${esc}[36mcyan${esc}[0m ${esc}[1;31mbold red${esc}[0m plain`,
    );
    const byText = Object.fromEntries(chunks.map((chunk) => [chunk.text.trim(), chunk.style]));
    expect(byText.red).toEqual({ color: 'var(--mantine-color-red-8)' });
    expect(byText.green).toEqual({ color: 'var(--mantine-color-green-8)' });
    expect(byText.yellow).toEqual({ color: 'var(--mantine-color-yellow-9)' });
    expect(byText.blue).toEqual({ color: 'var(--mantine-color-blue-8)' });
    expect(byText.magenta).toEqual({ color: 'var(--mantine-color-grape-8)' });
    expect(byText.cyan).toEqual({ color: 'var(--mantine-color-cyan-9)' });
    expect(byText['bold red']).toEqual({ color: 'var(--mantine-color-red-8)', fontWeight: 700 });
    expect(byText.plain).toEqual({});
  });

  it('renders the text without escape codes', () => {
    const { container } = render(<AnsiText message={`${esc}[32mGET${esc}[39m /api/users ${esc}[31m500${esc}[39m`} />);
    expect(container.textContent).toBe('GET /api/users 500');
    expect(container.querySelectorAll('span[data-ansi-colour]')).toHaveLength(2);
  });

  it('shows HTML and script text as text, never as markup', () => {
    const message = `${esc}[31m<script>window.hacked = true</script>${esc}[0m <img src=x onerror="alert(1)"> <b>bold?</b>`;
    const { container } = render(<AnsiText message={message} />);
    expect(container.textContent).toBe('<script>window.hacked = true</script> <img src=x onerror="alert(1)"> <b>bold?</b>');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });
});
