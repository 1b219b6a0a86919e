import { operations } from '@tasklane/contract';
import { operationUrl } from '@/lib/api-client';

/**
 * GET /api/v1/users/me/export: the browser downloads it itself (Content-Disposition:
 * attachment), so the JSON streams straight to a file instead of through the page's memory.
 */
export const exportDataUrl = () => operationUrl(operations.account.exportData);
