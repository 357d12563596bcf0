import { configure } from '@testing-library/dom';
import { extendMessages } from '../../src/i18n/i18nProvider';
import { laterMessages } from '../../src/i18n/later';

// The console loads every area's texts with the first screen past home (src/i18n/later.ts);
// screens rendered alone in a test get them here.
extendMessages(laterMessages);

// findBy… waits up to 10 s: a chart or a lazy dialog renders slowly on a loaded 2-core machine.
configure({ asyncUtilTimeout: 10_000 });
