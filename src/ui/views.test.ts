/**
 * Every registered kind and anchor type has its view in the app: the views are kept in src/ui
 * (the core imports no UI), keyed by the details type each kind declares and by anchor type, and
 * the registries are what says which exist.
 */
import { describe, expect, it } from 'vitest';
import { ANCHORS } from '../core/anchor/registry';
import { KINDS } from '../core/kinds/registry';
import { DETAILS_VIEWS } from './features/report/ReportView';
import { ANCHOR_VIEWS } from './selectors/anchor-views';

describe('the views of the registries', () => {
  it('show the details of every kind that has some', () => {
    for (const descriptor of Object.values(KINDS))
      if (descriptor.details)
        expect(typeof DETAILS_VIEWS[descriptor.details], descriptor.kind).toBe('function');
  });

  it('title every anchor type and label its witness time', () => {
    for (const name of Object.keys(ANCHORS)) {
      const view = ANCHOR_VIEWS[name as keyof typeof ANCHOR_VIEWS];
      expect(view?.title, name).toMatch(/\S/);
      expect(view?.witnessTime, name).toMatch(/claimed/);
    }
  });
});
