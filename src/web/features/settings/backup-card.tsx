import { Button, Card } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useDownloadBackup } from './api/backup-download';

/** A backup of the shop's data, downloaded now (docs/operations.md#backups). */
export function BackupCard() {
  const download = useDownloadBackup();
  return (
    <Card padding="lg" as="section" aria-labelledby="backup-title">
      <h2 id="backup-title" className="text-lg font-semibold text-gray-100">
        Backup
      </h2>
      <p className="mt-1 mb-4 text-sm text-gray-300">
        Everything the shop holds (orders, customers, the catalogue, images, messages) as one file, the same as the
        daily backup. It leaves out sign-ins and the shop&apos;s keys, but holds customers&apos; details: keep it
        somewhere private. The audit log records who downloaded it.
      </p>
      <Button
        variant="secondary"
        loading={download.isPending}
        onClick={() =>
          download.mutate(undefined, {
            onSuccess: (name) => toast.success(`Backup downloaded: ${name}`),
            onError: (err) => toast.error(errorText(err, 'The backup could not be made')),
          })
        }
      >
        {download.isPending ? 'Preparing the backup...' : 'Download a backup'}
      </Button>
    </Card>
  );
}
