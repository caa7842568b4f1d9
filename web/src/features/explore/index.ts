// The explore feature's public face: the explore tab's configured links and the web view.
export { ExploreLinks } from './components/explore-links';
export { WebView } from './components/web-view';
export { listedWebLink } from './utils/compass';
