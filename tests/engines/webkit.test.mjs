// The smoke suite (smoke.mjs) in WebKitGTK (Safari's engine), Debian's, over WebDriver classic.
import { openWebKit } from './engines.mjs';
import { smokeSuite } from './smoke.mjs';

smokeSuite(openWebKit);
