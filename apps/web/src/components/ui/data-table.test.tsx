import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setViewportWidth } from '../../test/viewport';
import { type DataColumn, DataTable } from './data-table';

type Fruit = { name: string; count: number };
const rows: Fruit[] = [
  { name: 'Apple', count: 3 },
  { name: 'Pear', count: 12 },
];
const columns: DataColumn<Fruit>[] = [
  { header: 'Fruit', cell: (fruit) => fruit.name },
  { header: 'Count', cell: (fruit) => fruit.count, align: 'right' },
  { header: 'Actions', headerHidden: true, cell: (fruit) => <button type="button">Eat {fruit.name}</button> },
];
const cards = { tableQuery: '(min-width: 768px)', className: 'py-3', render: (fruit: Fruit) => `${fruit.name} card` };

describe('DataTable', () => {
  it('names the table by its caption and reads every header, a hidden one included', () => {
    render(<DataTable caption="Fruit stock" columns={columns} rows={rows} rowKey={(f) => f.name} cards={cards} />);
    const table = screen.getByRole('table', { name: 'Fruit stock' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Fruit', 'Count', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('button', { name: 'Eat Pear' })).toBeTruthy();
  });

  it('turns rows into a list of cards with the same name below its query, and stays a table without cards', () => {
    setViewportWidth(375);
    const { unmount } = render(
      <DataTable caption="Fruit stock" columns={columns} rows={rows} rowKey={(f) => f.name} cards={cards} />,
    );
    const list = screen.getByRole('list', { name: 'Fruit stock' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Apple card', 'Pear card']);
    expect(screen.queryByRole('table')).toBeNull();
    unmount();

    render(<DataTable columns={columns} rows={rows} rowKey={(f) => f.name} />);
    expect(screen.getByRole('table')).toBeTruthy();
  });
});
