import { Check, Copy } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/**
 * A link to hand to someone: shown in a read-only field (selected on focus, so it can be copied
 * by hand too) with a Copy button that says when it worked.
 */
export function CopyLink({ label, url }: { label: string; url: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setIsCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refusal): select it for Ctrl+C instead.
      input.current?.select();
    }
  };
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <div className="flex gap-2">
        <Input ref={input} id={id} readOnly value={url} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
        <Button variant="secondary" onClick={() => void copy()} aria-label={isCopied ? `${label} copied` : `Copy ${label.toLowerCase()}`}>
          {isCopied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {isCopied ? 'Copied to the clipboard' : ''}
      </p>
    </div>
  );
}
