// Chat text as roleplay users write it: Markdown without raw HTML (HTML in a message shows as the text it is, never
// as markup), *actions* in italics, links only to http(s) and opening outside. No images, headings render as bold lines.
import Markdown, { type Components } from 'react-markdown';

interface MdNode {
  type: string;
  children?: MdNode[];
}

/**
 * A remark plugin: raw HTML becomes plain text. Dropping it (`skipHtml`) would leave a message that starts with a tag
 * as an empty bubble, since Markdown swallows the whole paragraph after `<div>` as one HTML block.
 */
function htmlAsText() {
  const walk = (node: MdNode) => {
    if (node.type === 'html') node.type = 'text';
    node.children?.forEach(walk);
  };
  return walk;
}
const remarkPlugins = [htmlAsText];

const components: Components = {
  p: ({ node: _n, ...p }) => <p className="my-0 [&:not(:first-child)]:mt-3" {...p} />,
  em: ({ node: _n, ...p }) => <em className="text-fg-muted italic" {...p} />,
  strong: ({ node: _n, ...p }) => <strong className="font-semibold text-fg" {...p} />,
  a: ({ node: _n, href, children }) =>
    href && /^https?:\/\//i.test(href) ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow ugc" className="text-primary underline underline-offset-2">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  ul: ({ node: _n, ...p }) => <ul className="my-2 list-disc pl-5" {...p} />,
  ol: ({ node: _n, ...p }) => <ol className="my-2 list-decimal pl-5" {...p} />,
  code: ({ node: _n, ...p }) => <code className="rounded bg-black/30 px-1 py-0.5 font-mono text-[0.9em]" {...p} />,
  pre: ({ node: _n, ...p }) => <pre className="my-2 overflow-x-auto rounded-lg bg-black/30 p-3 text-sm" {...p} />,
  blockquote: ({ node: _n, ...p }) => <blockquote className="my-2 border-l-2 border-border-strong pl-3 text-fg-muted" {...p} />,
  h1: ({ node: _n, ...p }) => <p className="font-semibold" {...p} />,
  h2: ({ node: _n, ...p }) => <p className="font-semibold" {...p} />,
  h3: ({ node: _n, ...p }) => <p className="font-semibold" {...p} />,
  img: ({ alt }) => <span>{alt ?? ''}</span>,
};

export function ChatMarkdown({ text }: { text: string }) {
  return (
    <Markdown
      skipHtml
      remarkPlugins={remarkPlugins}
      components={components}
      disallowedElements={['script', 'iframe', 'style']}
      unwrapDisallowed
    >
      {text}
    </Markdown>
  );
}
