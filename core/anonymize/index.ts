export { anonymizeDdd, type AnonymizeOptions, type Anonymized } from './anonymize.js';
