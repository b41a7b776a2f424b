/** Shaping for the two-factor card: the setup key in groups, the recovery codes file, the QR image. */

/** The base32 secret in groups of four, easier to read and type (apps ignore the spaces). */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ')
}

/** The SVG document as an <img> source: shown as a picture, so nothing in it can run. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

export const RECOVERY_FILE_NAME = 'harbour-it-admin-recovery-codes.txt'

/** The text file of recovery codes: who and when they are for, how to use them, one code a line. */
export function recoveryCodesText(codes: string[], email: string | undefined, when: Date): string {
  const date = when.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' })
  return [
    'Harbour IT Recruitment: admin two-factor sign-in recovery codes',
    `Account: ${email ?? 'your admin account'}`,
    `Created: ${date}`,
    '',
    'If you lose your phone, enter one of these instead of the code from your authenticator app.',
    'Each code works once. Keep this file somewhere safe and private.',
    '',
    ...codes,
    '',
  ].join('\n')
}
