/** Numbers as the page prints and speaks them: "1,284". One formatter for the whole page. */
const grouped = new Intl.NumberFormat('en-US');

export const formatNumber = (n: number): string => grouped.format(n);
