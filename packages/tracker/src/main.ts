import { boot } from './index';

// The bundle's entry: the shipped script boots itself when the snippet loads it.
boot();
