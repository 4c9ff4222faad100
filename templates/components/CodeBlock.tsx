import { useState, type ComponentProps } from 'react';

/**
 * A code block with a copy button (issue #3). The button needs JavaScript, so CSS hides it until hydration;
 * the code itself is plain server-rendered HTML.
 */
export function CodeBlock(props: ComponentProps<'pre'>) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="dg-code__body">
      <pre {...props} />
      <button
        type="button"
        className="dg-copy"
        aria-label={copied ? 'コピーしました' : 'コードをコピー'}
        onClick={async (event) => {
          const pre = event.currentTarget.previousElementSibling as HTMLElement | null;
          try {
            await navigator.clipboard.writeText(pre?.innerText.replace(/\n$/, '') ?? '');
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          } catch {
            console.warn('[docgen] the clipboard is not available');
          }
        }}
      >
        {copied ? 'コピーしました' : 'コピー'}
      </button>
    </div>
  );
}
