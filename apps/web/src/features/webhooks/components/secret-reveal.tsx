import { Check, Copy } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';

/**
 * A webhook's signing secret, shown the once the server answers it (on creation and rotation):
 * in a read-only field (selected on focus, for copying by hand) with a Copy button.
 */
export function SecretRevealDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      setIsCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refusal): select it for Ctrl+C instead.
      input.current?.select();
    }
  };
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) {
          setIsCopied(false);
          onClose();
        }
      }}
      title="Signing secret"
      description="Copy it now: it is not shown again. Your receiver checks each delivery's X-Tasklane-Signature-256 header with it."
      footer={<Button onClick={() => onClose()}>Done</Button>}
    >
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          Secret
        </label>
        <div className="flex gap-2">
          <Input ref={input} id={id} readOnly value={secret ?? ''} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
          <Button variant="secondary" onClick={() => void copy()} aria-label={isCopied ? 'Secret copied' : 'Copy secret'}>
            {isCopied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
            {isCopied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p aria-live="polite" className="sr-only">
          {isCopied ? 'Copied to the clipboard' : ''}
        </p>
      </div>
    </Dialog>
  );
}
