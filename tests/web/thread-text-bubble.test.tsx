// Text bubbles show text as text: links only for http(s), and no HTML from a message ever runs.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { linkify } from '../../web/src/features/chat/components/thread/linkify';
import { TextBubble } from '../../web/src/features/chat/components/thread/text-bubble';

describe('text bubble', () => {
  it('turns http and https URLs into links that open safely in a new tab', () => {
    render(<TextBubble mine={false} text={'see https://example.com/a?b=1, and http://x.org.'} />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a?b=1', 'http://x.org']);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('leaves javascript:, data: and ftp: addresses as plain text', () => {
    const { container } = render(
      <TextBubble mine text={'javascript:alert(1) data:text/html,<b>x</b> ftp://files.example.com'} />,
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('javascript:alert(1)');
  });

  it('renders an HTML payload as visible text and creates no element from it', () => {
    const payload = '<img src=x onerror=alert(1)>';
    const { container } = render(<TextBubble mine={false} text={payload} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText(payload)).toBeTruthy();
  });

  it('passes the line breaks of the message through as text (e2e/messaging checks they show)', () => {
    const { container } = render(<TextBubble mine={false} text={'one\ntwo'} />);
    expect(container.textContent).toBe('one\ntwo');
  });

  it('does not make a link of a URL hidden inside an HTML attribute', () => {
    expect(linkify('<a href="https://evil.example">x</a>')).toEqual([
      { kind: 'text', text: '<a href="' },
      { kind: 'link', text: 'https://evil.example', href: 'https://evil.example' },
      { kind: 'text', text: '">x</a>' },
    ]);
  });
});
