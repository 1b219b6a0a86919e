import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';

/** Copies `text` to the clipboard, and says so. */
export function CopyButton({ text, label, copiedMessage }: { text: string; label: string; copiedMessage: string }) {
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
      toast.success(copiedMessage);
    } catch {
      toast.error('Copying is not allowed here: select the text and copy it yourself');
    }
  };
  return (
    <Button variant="secondary" onClick={() => void copy()} className="px-3 py-2">
      {isCopied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      {label}
    </Button>
  );
}
