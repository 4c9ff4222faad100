/**
 * `@theme/CodeBlock`: a `<pre><code class="language-…">`, which docgen's code-block pipeline then highlights and
 * titles like a fenced block (markdown/rehype-code-blocks.ts).
 */
import type { ReactNode } from 'react';

export default function CodeBlock({
  children,
  language,
  className,
  title,
}: {
  children?: ReactNode;
  language?: string;
  className?: string;
  title?: string;
}) {
  const lang = language ?? /language-(\S+)/.exec(className ?? '')?.[1];
  return (
    <pre {...(title ? { 'data-title': title } : {})}>
      <code className={lang ? `language-${lang}` : undefined}>
        {typeof children === 'string' ? children.replace(/\n$/, '') : children}
      </code>
    </pre>
  );
}
