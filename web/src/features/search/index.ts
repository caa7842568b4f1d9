// The search feature's public face: the search page's content.
export { GlobalSearch } from './components/global-search';
