import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, Field, Input, RadioGroup, Table, Tabs } from '.';

// Rendered to HTML on the server (the unit project has no DOM): what assistive technology will be given.
describe('ui components', () => {
  it('a Button is type="button" unless told, and while loading is busy, disabled and spinning', () => {
    expect(renderToStaticMarkup(<Button>Save</Button>)).toMatch(/^<button type="button"/);
    const busy = renderToStaticMarkup(
      <Button type="submit" loading>
        Saving...
      </Button>,
    );
    expect(busy).toContain('type="submit"');
    expect(busy).toContain('disabled=""');
    expect(busy).toContain('aria-busy="true"');
    expect(busy).toContain('animate-spin');
  });

  it('a Field wires its cloned control to the label, hint and error', () => {
    const html = renderToStaticMarkup(
      <Field id="zip" label="ZIP code" hint="Five digits" error="Enter a 5-digit ZIP code">
        <Input aria-describedby="own" />
      </Field>,
    );
    expect(html).toContain('<label for="zip"');
    expect(html).toContain('id="zip"');
    expect(html).toContain('aria-describedby="own zip-hint zip-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('id="zip-hint"');
    expect(html).toMatch(/id="zip-error" role="alert"[^>]*>Enter a 5-digit ZIP code</);
  });

  it('a Field passes the same wiring to a render function, and says nothing invalid without an error', () => {
    const html = renderToStaticMarkup(
      <Field id="city" label="City">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(html).toContain('<input id="city"/>');
  });

  it('a RadioGroup is one Tab stop: the chosen option, or the first when none is chosen', () => {
    const options = [
      { value: 's', label: 'S' },
      { value: 'm', label: 'M' },
    ] as const;
    const chosen = renderToStaticMarkup(<RadioGroup label="Size" options={options} value="m" onChange={() => {}} />);
    expect(chosen.match(/tabindex="0"/g)).toHaveLength(1);
    expect(chosen).toMatch(/aria-checked="true" tabindex="0"[^>]*>M</);
    const none = renderToStaticMarkup(<RadioGroup label="Size" options={options} value="" onChange={() => {}} />);
    expect(none).toMatch(/aria-checked="false" tabindex="0"[^>]*>S</);
  });

  it('Tabs tie the selected tab to its panel and give only it the Tab stop', () => {
    const html = renderToStaticMarkup(
      <Tabs
        label="Users"
        idPrefix="u-"
        tabs={[
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ]}
        value="b"
        onChange={() => {}}
      >
        Panel B
      </Tabs>,
    );
    expect(html).toContain(
      'id="u-tab-b" type="button" role="tab" aria-selected="true" aria-controls="u-panel-b" tabindex="0"',
    );
    expect(html).toContain('aria-selected="false" aria-controls="u-panel-a" tabindex="-1"');
    expect(html).toContain('role="tabpanel" id="u-panel-b" aria-labelledby="u-tab-b"');
  });

  it('a Table has its caption, column headers, and with selection a select-all box and a named box per row', () => {
    const html = renderToStaticMarkup(
      <Table
        caption="Orders"
        columns={[{ key: 'n', header: 'Number', label: 'Number', cell: (r: { n: string }) => r.n }]}
        rows={[{ n: 'CSU-1' }, { n: 'CSU-2' }]}
        rowKey={(r) => r.n}
        selection={{ selected: new Set(['CSU-1']), onChange: () => {}, rowLabel: (k) => `Select ${k}` }}
        stackOnPhone
      />,
    );
    expect(html).toContain('<caption');
    expect(html).toContain('>Orders</caption>');
    expect(html).toContain('<th scope="col"');
    expect(html).toContain('aria-label="Select all"');
    expect(html).toMatch(/aria-label="Select CSU-1" type="checkbox"[^>]*checked=""/);
    expect(html).toContain('data-label="Number"');
  });
});
