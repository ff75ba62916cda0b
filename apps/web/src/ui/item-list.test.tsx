import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ItemList } from './item-list';

const KEY = '0123456789abcdef0123456789abcdef.jpg';

describe('ItemList', () => {
  it("shows only our uploads as a line's photos: no script, data or other site's link", () => {
    render(
      <ItemList
        label="Inventory"
        empty="None."
        items={[
          {
            key: 1,
            name: 'Sofa',
            line: 'Sofa × 1',
            photos: [
              'javascript:alert(document.cookie)',
              'https://evil.example/phish-login',
              'data:text/html,<script>alert(1)</script>',
              '//evil.example/x.png',
              `/uploads/${KEY}`,
              KEY.replace('0123', '9999'),
            ],
          },
        ]}
      />,
    );

    const inventory = within(screen.getByRole('list', { name: 'Inventory' }));
    const links = inventory.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/uploads/${KEY}`,
      `/uploads/${KEY.replace('0123', '9999')}`,
    ]);
    expect(inventory.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      `/uploads/${KEY}`,
      `/uploads/${KEY.replace('0123', '9999')}`,
    ]);
    expect(inventory.getByRole('img', { name: 'Sofa, photo 2' })).toBeInTheDocument();
  });
});
