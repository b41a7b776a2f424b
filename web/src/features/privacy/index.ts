/**
 * Issue 12, personal data: a person's own "Your data" screen (download a copy, erase the account),
 * used by the candidate portal and the employer workspace, and the export download and status line
 * the admin workspace reuses for the people it exports.
 */
export { YourData } from './components/YourData'
export { ExportStatus } from './components/ExportStatus'
export { downloadExport, useExportDownload, type ExportLink } from './api/download-export'
export type { ErasureReceipt } from './api/erase-account'
export { exportStatusText, type ExportState } from './model/exportProgress'
