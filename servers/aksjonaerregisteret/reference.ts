// The five share classes of aksjonaer.aksjeklasser.list (tool-server spec 4.2: "static reference
// of 5 share classes").
// Confirmed: `ordinaer` is the value the API answers for ordinary shares (example in
// Skatteetaten/api-dokumentasjon docs/api/aksjonaerivirksomhet.md); RF-1086 asks a company with one
// share class to write "ordinære", and one return per class otherwise (aksjonaerregisteroppgaveHovedskjema.xsd);
// Skatteetaten's extract describes the field as "Aksjeklasse eller isin for aksjeklassen" (text).
// A, B and preference shares are Brønnøysund's examples of share classes (begrep "aksjeklasser").
// UNCONFIRMED: the API's spelling of the classes other than `ordinaer` (the codes a, b, preferanse
// and annen are this service's); RF-1086's code list KodelisteAksjeklasse has 13 numeric codes
// (01-13) without published names.

export const AKSJEKLASSER = [
  {
    kode: 'ordinaer',
    navn: 'Ordinære aksjer',
    beskrivelse: 'Ordinary shares with equal rights; the class a company with a single class of shares reports.',
  },
  {
    kode: 'a',
    navn: 'A-aksjer',
    beskrivelse: 'A shares: a class defined by the articles of association, usually the class with full voting rights.',
  },
  {
    kode: 'b',
    navn: 'B-aksjer',
    beskrivelse: 'B shares: a class defined by the articles of association, usually with limited or no voting rights.',
  },
  {
    kode: 'preferanse',
    navn: 'Preferanseaksjer',
    beskrivelse: 'Preference shares: priority to dividends and to the proceeds of a liquidation, often without voting rights.',
  },
  {
    kode: 'annen',
    navn: 'Andre aksjeklasser',
    beskrivelse: 'Any other class the articles of association define (for example C shares); reported under the company\'s own class name.',
  },
] as const;

export const AKSJEKLASSER_NOTE =
  "Aksjeloven § 4-1 lets the articles of association divide shares into classes with different rights. The register answers `aksjeklasse` as text (\"ordinaer\" for ordinary shares); other classes may appear under the company's own class name or ISIN.";
