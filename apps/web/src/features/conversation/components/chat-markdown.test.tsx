import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatMarkdown } from './chat-markdown';

const rendered = (text: string) => render(<ChatMarkdown text={text} />).container;

describe('chat text', () => {
  it('shows HTML a person typed as the text they typed, never as markup and never as nothing', () => {
    for (const text of ['<div>Hello there</div>', '<b>bold</b> move', '<img src=x onerror=alert(1)> caught you', '<!-- note --> hi']) {
      const box = rendered(text);
      expect(box.textContent, text).toBe(text);
      expect(box.querySelector('div div, b, img, script'), text).toBeNull();
    }
  });

  it('keeps HTML in the middle of a message as text too, beside the Markdown around it', () => {
    const box = rendered('She *smiles* and says <span style="color:red">hi</span>.\n\n<script>alert(1)</script>');
    expect(box.querySelector('em')?.textContent).toBe('smiles');
    expect(box.textContent).toContain('<span style="color:red">hi</span>.');
    expect(box.textContent).toContain('<script>alert(1)</script>');
    expect(box.querySelector('span[style], script')).toBeNull();
  });
});
