/**
 * A data table. On a wide screen it is a table; under 640 px each row becomes a stacked card whose
 * cells carry their column name (data-label), so nothing scrolls sideways on a phone.
 */
import type { ReactNode } from 'react'

export type Column<T> = { key: string; header: string; cell: (row: T) => ReactNode; align?: 'start' | 'end' }

type Props<T> = { caption: string; columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string; empty?: ReactNode }

export function Table<T>({ caption, columns, rows, rowKey, empty }: Props<T>) {
  if (rows.length === 0 && empty) return <>{empty}</>
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="table-caption">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.align === 'end' ? 'is-end' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c) => (
                <td key={c.key} data-label={c.header} className={c.align === 'end' ? 'is-end' : undefined}>
                  <span className="table-value">{c.cell(r)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
