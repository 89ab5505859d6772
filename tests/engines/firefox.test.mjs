// The smoke suite (smoke.mjs) in Firefox ESR, Debian's, over WebDriver BiDi.
import { openFirefox } from './engines.mjs';
import { smokeSuite } from './smoke.mjs';

smokeSuite(openFirefox);
