import { Download } from 'lucide-react';
import { buttonClassName } from '@/components/ui/button';
import { exportDataUrl } from '../api/export-data';
import { SettingsSection } from './settings-section';

export function ExportSection() {
  return (
    <SettingsSection
      id="settings-export"
      title="Export my data"
      description="A JSON file of everything your account owns or wrote: your profile, todos, categories, the workspaces you own with their projects, features and tasks, and your comments."
    >
      {/* The browser downloads it itself (the answer is an attachment), streaming it to disk. */}
      <a href={exportDataUrl()} download className={buttonClassName('secondary')}>
        <Download aria-hidden="true" className="size-4" />
        Download my data
      </a>
    </SettingsSection>
  );
}
