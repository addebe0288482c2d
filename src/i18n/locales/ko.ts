import type { LocaleCatalogue } from '../catalogue';

export default {} satisfies LocaleCatalogue;
