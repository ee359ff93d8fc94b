// Safe Markdown: GitHub-flavoured Markdown rendered to React elements, never to raw HTML. HTML in the source is
// dropped (skipHtml), links are limited to in-app paths, anchors, http(s) and mailto, and headings get the same
// anchors as the server's table of contents (`createSlugger` from the shared contract).
import type { ComponentProps, ReactNode } from 'react';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Link } from 'react-router';
import type { Element, ElementContent, Root } from 'hast';
import { createSlugger } from '@reverie/shared/schemas/content';
import { cn } from '@/lib/utils';

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

/** Gives every heading an `id` in document order, exactly as the server's table of contents does. */
export function rehypeHeadingIds() {
  return (tree: Root) => {
    const slug = createSlugger();
    const visit = (node: Root | Element) => {
      for (const child of node.children) {
        if (child.type !== 'element') continue;
        if (/^h[1-6]$/.test(child.tagName)) child.properties.id = slug(child.children.map(textOf).join('').trim());
        else visit(child);
      }
    };
    visit(tree);
  };
}

export type LinkKind = 'internal' | 'anchor' | 'external' | 'blocked';

/** How a link target is treated: app paths route in place, anchors scroll, http(s)/mailto open outside, the rest is text. */
export function classifyHref(href: string | undefined): LinkKind {
  if (!href) return 'blocked';
  if (href.startsWith('#')) return 'anchor';
  if (href.startsWith('/') && !href.startsWith('//')) return 'internal';
  if (/^(https?:|mailto:)/i.test(href)) return 'external';
  return 'blocked';
}

function MarkdownLink({ href, children }: { href?: string; children?: ReactNode }) {
  const kind = classifyHref(href);
  const cls = 'font-medium text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary print:text-black';
  if (kind === 'internal') {
    return (
      <Link to={href!} className={cls}>
        {children}
      </Link>
    );
  }
  if (kind === 'anchor') {
    return (
      <a href={href} className={cls}>
        {children}
      </a>
    );
  }
  if (kind === 'external') {
    return (
      <a href={href} className={cls} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    );
  }
  return <span>{children}</span>;
}

type HeadingProps = ComponentProps<'h2'> & { node?: unknown };

function heading(Tag: 'h1' | 'h2' | 'h3' | 'h4', className: string) {
  return function Heading({ node: _node, id, children, ...rest }: HeadingProps) {
    return (
      <Tag id={id} className={cn('group scroll-mt-24 text-fg', className)} {...rest}>
        {children}
        {id && Tag !== 'h1' ? (
          <a
            href={`#${id}`}
            className="ml-2 text-fg-subtle no-underline opacity-0 transition-opacity group-hover:opacity-100 focus:opacity-100 print:hidden"
            aria-hidden="true"
            tabIndex={-1}
          >
            #
          </a>
        ) : null}
      </Tag>
    );
  };
}

const components: Components = {
  h1: heading('h1', 'mt-8 mb-4 text-2xl font-bold'),
  h2: heading('h2', 'mt-10 mb-3 border-b border-border pb-2 text-xl font-semibold sm:text-2xl print:border-black/20'),
  h3: heading('h3', 'mt-7 mb-2 text-lg font-semibold'),
  h4: heading('h4', 'mt-5 mb-2 text-base font-semibold'),
  p: ({ node: _n, ...p }) => <p className="my-4 leading-7 text-fg-muted print:text-black" {...p} />,
  a: ({ href, children }) => <MarkdownLink href={href}>{children}</MarkdownLink>,
  ul: ({ node: _n, ...p }) => <ul className="my-4 list-disc space-y-2 pl-6 text-fg-muted marker:text-primary/70 print:text-black" {...p} />,
  ol: ({ node: _n, ...p }) => (
    <ol className="my-4 list-decimal space-y-2 pl-6 text-fg-muted marker:text-fg-subtle print:text-black" {...p} />
  ),
  li: ({ node: _n, ...p }) => <li className="pl-1 leading-7" {...p} />,
  strong: ({ node: _n, ...p }) => <strong className="font-semibold text-fg print:text-black" {...p} />,
  blockquote: ({ node: _n, ...p }) => (
    <blockquote
      className="my-6 rounded-r-xl border-l-4 border-primary/60 bg-surface-raised/60 px-5 py-1 text-fg italic print:bg-transparent"
      {...p}
    />
  ),
  code: ({ node: _n, className, ...p }) => (
    <code
      className={cn('rounded-md bg-surface-raised px-1.5 py-0.5 font-mono text-[0.9em] text-fg print:bg-transparent', className)}
      {...p}
    />
  ),
  pre: ({ node: _n, ...p }) => (
    <pre
      className="my-5 overflow-x-auto rounded-xl border border-border bg-bg p-4 text-sm leading-6 [&_code]:bg-transparent [&_code]:p-0 print:whitespace-pre-wrap"
      {...p}
    />
  ),
  table: ({ node: _n, ...p }) => (
    <div className="my-6 overflow-x-auto rounded-xl border border-border print:border-black/30">
      <table className="w-full border-collapse text-left text-sm" {...p} />
    </div>
  ),
  thead: ({ node: _n, ...p }) => <thead className="bg-surface-raised print:bg-transparent" {...p} />,
  th: ({ node: _n, ...p }) => <th className="border-b border-border px-4 py-2.5 font-semibold text-fg" {...p} />,
  td: ({ node: _n, ...p }) => <td className="border-b border-border/60 px-4 py-2.5 align-top text-fg-muted print:text-black" {...p} />,
  hr: () => <hr className="my-8 border-border" />,
  // Pictures in content are ours; anything else (remote images) is not loaded.
  img: ({ src, alt }) =>
    typeof src === 'string' && classifyHref(src) === 'internal' ? (
      <img src={src} alt={alt ?? ''} loading="lazy" className="my-6 rounded-xl border border-border" />
    ) : null,
};

export function SafeMarkdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn('max-w-none text-[15px] sm:text-base', className)}>
      <Markdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeHeadingIds]}
        skipHtml
        urlTransform={(url) => (classifyHref(url) === 'blocked' ? '' : defaultUrlTransform(url))}
        components={components}
      >
        {children}
      </Markdown>
    </div>
  );
}
