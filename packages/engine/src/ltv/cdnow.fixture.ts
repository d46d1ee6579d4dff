import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCdnowMaster } from './cdnow.js';
import type { Purchase } from './purchases.js';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

/** Where the CDNOW data set lives: beside the repository (../shared/data/cdnow; a clone elsewhere finds the machine's /work/shared), never inside it. */
export const CDNOW_MASTER_PATH =
  [resolve(REPO_ROOT, '../shared/data/cdnow/CDNOW_master.txt'), '/work/shared/data/cdnow/CDNOW_master.txt'].find(
    (candidate) => existsSync(candidate),
  ) ?? resolve(REPO_ROOT, '../shared/data/cdnow/CDNOW_master.txt');

/** Every CDNOW purchase; throws (failing the test, never skipping it) when the data set is not beside the repo. */
export function loadCdnowPurchases(): Purchase[] {
  if (!existsSync(CDNOW_MASTER_PATH)) {
    throw new Error(`CDNOW data set missing: expected ${CDNOW_MASTER_PATH} (see ../shared/data/cdnow/README.md)`);
  }
  return parseCdnowMaster(readFileSync(CDNOW_MASTER_PATH, 'utf8'));
}

/**
 * Which customers make up Fader & Hardie's 1/10 sample of CDNOW (2,357 customers), the data behind every published
 * BG/NBD, Pareto/NBD and Gamma-Gamma estimate: the master ids listed in their CDNOW_sample.txt (as redistributed by
 * the lifetimes package, MIT licence, commit 4f2833f), sorted, each written as its gap from the previous id in one
 * base-36 digit (the first gap counts from 0).
 */
const SAMPLE_ID_GAPS =
  '4e3tabfp111h2if1ehad5269d5kgf2j893elkh4b1we2deecg42h3s72f9bjcgghj14d2596li2l1h6ie5ibbgfn2k1fcij2772ej897eleh1a1df3847f5ba7fc3d27f358dhh3g5eac4g17f2b9d54497862141ha97f66b3523k9hg3b6djd31eb9gcfe6epg34i1f57325ifjj1d413b47bji2f5pc51o2ga18l8f3a2e7eg1cg4967564d6dfkkggcgk884l42ba71i6a88hf1gc75e34ii4335572b6dgb2a346m4j158b1e2kj4k6jb1c164b8cl2cc3cad427g2i914987kb294943eb2fi9495gemhcj1jb4a14efl2fb91eiba55i48eigd4h36548bhj52cj5bhmgg21l768jg9549f1g3jf49ci9cjkh848fe5954gieg1ehd6n3382c3e6ce2325a22d4jh4c27735d622c9791i15hg3m52e5kg2c96h22h6g4c5734e6e3glf852d657a6elh68l4h4g2ig2c15da36bn23o3l99eff5253413f32eeje317afic9eja8a393781gcbkgifhe3hgf3818i4ip3b4gf7a5c7742g7ea9e8f5m59gehb94gfc4rlg2k26ba6fn6e6d3lcga62g43d3alm9288286c464i6756cfdgd3c42b8a73s6892f44761c77b25hgc143g4lb78e5cibed1g3gg9aj88f5bj8972be6293flbc778j7d1hlg5bjo8eglec1167ejm89jhldee3bae16dg2f42ebb4ic1j975fsac8761i2g6fc7fk41nefb22e6c77fd7c95f3b5h5igdb5b6gifm527lf47974af22fbf4do5ddm1beb645ah4ef1d42jib4o1kghf3cm3bg7hf14c619f598885371b5f76e2fil7943h4b6aa4b86b1fb43c8478a3cj3e343d5de13idhih276n2865996c9h6bh791h78hhdifcjdhdi4ceh2c41gb5dck4d3gi343bc23f3hgmpie6d54d1ijcd53g75767266fb7b62ie8368gig27ie31h4f9263d6e6ab612515gje7a3159c4eskb5hdnm3e89gm6doh566d4b11ii1hc4hlf4i2bk251b212i4539edhf773d8d9eldc2ihdedgc8fe672bk6dhfe6bic4487e2go556c145b88fj5dbgf28555e15d188a956ei4a81en4ka889477f3b5c5548289a4i481f4i9cc849ig21cjfgj38197a3cd7f8892gfdcef31f7e12d5b8hb788g56a3j41i1jhe6jj23b1kga8hj11gbbdd38bg1k12fifc11g1j96e17hlifdd1e15483je1777514387459i8261b15f3bhabhhdcfmh31b31hf397jb5io2dihb6g1d5fgl7bce7bh18bf21e3mc72fp2ab3dn9hga7ff12b3b47a5fdka4b1h56b23jcd213f564giedh1gf2c4h4jf8aebj99hicc71e2a532jb33lgff1c24e14h4g774iee985e614eee2fgkeigib9b41ffh9b79cb9c69ihe1d967ce425eg6ge648432c5dffdcl1iegh776dpfjae1d8a5kc14gg45adgb5jbg5hg378ijda3cbb579b15jf2a7m873rf64f15235327293e49kj3cf1h4bf2b63ec74hlg3cf31cgeg6aih69iejhcc4637f6c56ckf996caj486177h4d8ef1ig7f15e2d2ed8hlf4i71b5d445i3mi48f9dh3f4bg98c5c78de1f2ic44d4b983i9afch3h59i4d3gnf2degl42i3edcdbie52512428caeggigbd9iho8751d334a5ddbde4gggeegff54aga6f12hee3bild7d2iha9g9bchc519292h7d4j2jce78c1lb3ccdige63ac27124ed7cc5f2f3ca3676b3764b629e1i2idd62bdehag46i4ahknb3if1d3e2d2d782dde26362k4b1gejig27bn3m392784gd98a45c277kgd8476fci2ca1da12h2fiee89bhf51be3el11dckeifg6e17a89fd11gdeffdc83ehpda6a7e97gcgie8jhb4bjb53839gd3mdg95e539d47d314724l21a88c2ggecdc2dci516da64e529f21g3d2612eee32d';

/** The master ids (as the data writes them, five digits) of the customers in Fader & Hardie's 1/10 sample. */
export function cdnowSampleIds(): Set<string> {
  const ids = new Set<string>();
  let id = 0;
  for (const digit of SAMPLE_ID_GAPS) {
    id += Number.parseInt(digit, 36);
    ids.add(String(id).padStart(5, '0'));
  }
  return ids;
}
