import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CopyButton } from './copy-button';

function download(codes: string[]) {
  const text = ['Tasklane recovery codes', 'Each code signs you in once if you lose your authenticator app.', '', ...codes, ''].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'tasklane-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** The ten recovery codes, shown this once. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-300">
        Two-factor sign-in is on.
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={codes.join('\n')} label="Copy codes" copiedMessage="Recovery codes copied" />
        <Button variant="secondary" onClick={() => download(codes)} className="px-3 py-2">
          <Download aria-hidden="true" className="size-4" />
          Download
        </Button>
        <Button onClick={onDone}>I saved them</Button>
      </div>
    </div>
  );
}
