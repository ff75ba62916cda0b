import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanHtml, SanitizedHtml } from './sanitized-html';

const HOSTILE =
  `<p>About <b>us</b>: open on=weekdays</p><img src=x onerror="window.__xss='img'">` +
  `"><svg onload="window.__xss='svg'"></svg><script>window.__xss='script'</script>` +
  `<a href="javascript:window.__xss='link'">link</a><p ONCLICK = "window.__xss='click'">Click</p>` +
  `<img/onerror=alert(1) src=y>`;

describe('SanitizedHtml', () => {
  it('keeps the markup and the text, and drops scripts, handlers and javascript: links', () => {
    const clean = cleanHtml(HOSTILE);
    expect(clean).toContain('<p>About <b>us</b>: open on=weekdays</p>');
    expect(clean).toContain('<p>Click</p>');
    expect(clean).not.toMatch(/__xss|onerror|onload|onclick|script|javascript:|alert/i);
    // The handlers are renamed before DOMPurify parses them; no trace of the renaming is kept.
    expect(clean).not.toContain('data-defused');
  });

  it('renders the cleaned HTML only', () => {
    const { container } = render(<SanitizedHtml html={HOSTILE} />);
    expect(container.querySelectorAll('script')).toHaveLength(0);
    for (const el of Array.from(container.querySelectorAll('*'))) {
      expect(Array.from(el.attributes).map((a) => a.name)).not.toContainEqual(
        expect.stringMatching(/^on|^data-/),
      );
    }
    expect(container.querySelector('a')?.getAttribute('href') ?? null).toBeNull();
    expect(container).toHaveTextContent('Click');
  });
});
