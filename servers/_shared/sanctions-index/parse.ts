// Streaming (SAX) parser of the EU Financial Sanctions Files full export, format 1.1
// (`xmlFullSanctionsList_1_1`), into plain records. Element and attribute names follow the
// export's XSD (schema_1_1.xsd as generated into classes by generateDS, UPSTREAMS.md A11) and
// published extracts of the file:
//   <export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate globalFileId>
//     <sanctionEntity designationDate? delistingDate? designationDetails unitedNationId euReferenceNumber logicalId>
//       remark*, additionalInformation*, regulation+ (<publicationUrl> text), subjectType,
//       nameAlias+, citizenship*, birthdate*, address* (<contactInfo key value>), identification*
//     each sub-element may carry remark children and regulationSummary children (ignored here).
// Empty attributes become null; the list's "unknown country" (countryIso2Code "00",
// countryDescription "UNKNOWN") becomes null too. The file is tens of MB: it is fed to the parser
// in chunks, yielding to the event loop between chunks, and never held as a DOM.
// UNCONFIRMED: whether additionalInformation carries key/value as attributes (as contactInfo does);
// the parser reads attributes.
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { fail } from '../../../runtime/errors.js';

export const FSF_NAMESPACE = 'http://eu.europa.ec/fpi/fsd/export';

export interface FsfRegulation {
  regulationType: string | null;
  organisationType: string | null;
  publicationDate: string | null;
  entryIntoForceDate: string | null;
  numberTitle: string | null;
  programme: string | null;
  publicationUrl: string | null;
}

export interface FsfNameAlias {
  wholeName: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  function: string | null;
  gender: string | null;
  title: string | null;
  nameLanguage: string | null;
  strong: boolean;
  remark: string | null;
}

export interface FsfCitizenship {
  countryIso2Code: string | null;
  countryDescription: string | null;
  region: string | null;
  remark: string | null;
}

export interface FsfBirthdate {
  birthdate: string | null;
  dayOfMonth: number | null;
  monthOfYear: number | null;
  year: number | null;
  yearRangeFrom: number | null;
  yearRangeTo: number | null;
  circa: boolean;
  city: string | null;
  place: string | null;
  region: string | null;
  countryIso2Code: string | null;
  countryDescription: string | null;
  remark: string | null;
}

export interface FsfIdentification {
  identificationTypeCode: string | null;
  identificationTypeDescription: string | null;
  number: string | null;
  latinNumber: string | null;
  nameOnDocument: string | null;
  issuedBy: string | null;
  issueDate: string | null;
  validFrom: string | null;
  validTo: string | null;
  countryIso2Code: string | null;
  countryDescription: string | null;
  diplomatic: boolean;
  knownExpired: boolean;
  knownFalse: boolean;
  reportedLost: boolean;
  revokedByIssuer: boolean;
  remark: string | null;
}

export interface FsfAddress {
  street: string | null;
  poBox: string | null;
  zipCode: string | null;
  city: string | null;
  place: string | null;
  region: string | null;
  countryIso2Code: string | null;
  countryDescription: string | null;
  asAtListingTime: boolean;
  contactInfo: { key: string; value: string }[];
  remark: string | null;
}

export interface FsfEntity {
  logicalId: string;
  euReferenceNumber: string | null;
  unitedNationId: string | null;
  designationDate: string | null;
  delistingDate: string | null;
  designationDetails: string | null;
  subjectType: { code: string | null; classificationCode: string | null };
  remarks: string[];
  additionalInformation: { key: string; value: string }[];
  regulations: FsfRegulation[];
  nameAliases: FsfNameAlias[];
  citizenships: FsfCitizenship[];
  birthdates: FsfBirthdate[];
  identifications: FsfIdentification[];
  addresses: FsfAddress[];
}

export interface FsfExport {
  generationDate: string | null;
  globalFileId: string | null;
  entities: FsfEntity[];
}

type Attrs = Record<string, string>;

const str = (a: Attrs, name: string): string | null => {
  const v = a[name]?.trim();
  return v ? v : null;
};
const num = (a: Attrs, name: string): number | null => {
  const v = str(a, name);
  if (v === null || !/^-?\d+$/.test(v)) return null;
  return Number(v);
};
const flag = (a: Attrs, name: string): boolean => a[name] === 'true';
const country = (a: Attrs) => {
  const code = str(a, 'countryIso2Code');
  const description = str(a, 'countryDescription');
  const unknown = code === '00' || description === 'UNKNOWN';
  return { countryIso2Code: unknown ? null : code, countryDescription: unknown ? null : description };
};

const local = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** Feeds the document in chunks of this many bytes, yielding in between. */
const CHUNK = 512 * 1024;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

type Sub = FsfRegulation | FsfNameAlias | FsfCitizenship | FsfBirthdate | FsfIdentification | FsfAddress;

/**
 * Parses a full FSF export. Fails with upstream_unavailable when the document is not well-formed
 * XML or not an FSF export (an HTML error page served with status 200, a truncated download).
 */
export async function parseFsfExport(body: Buffer | string): Promise<FsfExport> {
  const parser = new SaxesParser<{ xmlns: false }>({ xmlns: false });
  const out: FsfExport = { generationDate: null, globalFileId: null, entities: [] };
  const stack: string[] = [];
  let root: { name: string; xmlns: string | null } | undefined;
  let firstError: Error | undefined;
  let entity: FsfEntity | undefined;
  let sub: Sub | undefined;
  let text: string[] | undefined;

  parser.on('error', (err) => {
    firstError ??= err;
  });

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = local(tag.name);
    const a = tag.attributes as Attrs;
    stack.push(name);
    if (!root) {
      root = { name, xmlns: a.xmlns ?? null };
      if (name === 'export') {
        out.generationDate = str(a, 'generationDate');
        out.globalFileId = str(a, 'globalFileId');
      }
      return;
    }
    if (name === 'sanctionEntity') {
      entity = {
        logicalId: str(a, 'logicalId') ?? '',
        euReferenceNumber: str(a, 'euReferenceNumber'),
        unitedNationId: str(a, 'unitedNationId'),
        designationDate: str(a, 'designationDate'),
        delistingDate: str(a, 'delistingDate'),
        designationDetails: str(a, 'designationDetails'),
        subjectType: { code: null, classificationCode: null },
        remarks: [],
        additionalInformation: [],
        regulations: [],
        nameAliases: [],
        citizenships: [],
        birthdates: [],
        identifications: [],
        addresses: [],
      };
      return;
    }
    if (!entity) return;
    const parent = stack[stack.length - 2];
    if (parent === 'sanctionEntity') {
      switch (name) {
        case 'regulation':
          sub = {
            regulationType: str(a, 'regulationType'),
            organisationType: str(a, 'organisationType'),
            publicationDate: str(a, 'publicationDate'),
            entryIntoForceDate: str(a, 'entryIntoForceDate'),
            numberTitle: str(a, 'numberTitle'),
            programme: str(a, 'programme'),
            publicationUrl: str(a, 'publicationUrl'),
          };
          entity.regulations.push(sub);
          break;
        case 'subjectType':
          entity.subjectType = { code: str(a, 'code'), classificationCode: str(a, 'classificationCode') };
          break;
        case 'nameAlias':
          sub = {
            wholeName: str(a, 'wholeName'),
            firstName: str(a, 'firstName'),
            middleName: str(a, 'middleName'),
            lastName: str(a, 'lastName'),
            function: str(a, 'function'),
            gender: str(a, 'gender'),
            title: str(a, 'title'),
            nameLanguage: str(a, 'nameLanguage'),
            strong: a.strong !== 'false',
            remark: null,
          };
          entity.nameAliases.push(sub);
          break;
        case 'citizenship':
          sub = { ...country(a), region: str(a, 'region'), remark: null };
          entity.citizenships.push(sub);
          break;
        case 'birthdate':
          sub = {
            birthdate: str(a, 'birthdate'),
            dayOfMonth: num(a, 'dayOfMonth'),
            monthOfYear: num(a, 'monthOfYear'),
            year: num(a, 'year'),
            yearRangeFrom: num(a, 'yearRangeFrom'),
            yearRangeTo: num(a, 'yearRangeTo'),
            circa: flag(a, 'circa'),
            city: str(a, 'city'),
            place: str(a, 'place'),
            region: str(a, 'region'),
            ...country(a),
            remark: null,
          };
          entity.birthdates.push(sub);
          break;
        case 'identification':
          sub = {
            identificationTypeCode: str(a, 'identificationTypeCode'),
            identificationTypeDescription: str(a, 'identificationTypeDescription'),
            number: str(a, 'number'),
            latinNumber: str(a, 'latinNumber'),
            nameOnDocument: str(a, 'nameOnDocument'),
            issuedBy: str(a, 'issuedBy'),
            issueDate: str(a, 'issueDate'),
            validFrom: str(a, 'validFrom'),
            validTo: str(a, 'validTo'),
            ...country(a),
            diplomatic: flag(a, 'diplomatic'),
            knownExpired: flag(a, 'knownExpired'),
            knownFalse: flag(a, 'knownFalse'),
            reportedLost: flag(a, 'reportedLost'),
            revokedByIssuer: flag(a, 'revokedByIssuer'),
            remark: null,
          };
          entity.identifications.push(sub);
          break;
        case 'address':
          sub = {
            street: str(a, 'street'),
            poBox: str(a, 'poBox'),
            zipCode: str(a, 'zipCode'),
            city: str(a, 'city'),
            place: str(a, 'place'),
            region: str(a, 'region'),
            ...country(a),
            asAtListingTime: flag(a, 'asAtListingTime'),
            contactInfo: [],
            remark: null,
          };
          entity.addresses.push(sub);
          break;
        case 'additionalInformation': {
          const key = str(a, 'key');
          const value = str(a, 'value');
          if (key && value) entity.additionalInformation.push({ key, value });
          break;
        }
        case 'remark':
          text = [];
          break;
        default:
          break;
      }
      return;
    }
    if (name === 'remark' || (name === 'publicationUrl' && parent === 'regulation')) text = [];
    else if (name === 'contactInfo' && parent === 'address' && sub && 'contactInfo' in sub) {
      const key = str(a, 'key');
      const value = str(a, 'value');
      if (key && value) sub.contactInfo.push({ key, value });
    }
  });

  parser.on('text', (t) => {
    if (text) text.push(t);
  });

  parser.on('closetag', (tag) => {
    const name = local(tag.name);
    stack.pop();
    const parent = stack[stack.length - 1];
    if (text && (name === 'remark' || name === 'publicationUrl')) {
      const value = text.join('').replace(/\s+/g, ' ').trim();
      text = undefined;
      if (!value || !entity) return;
      if (name === 'publicationUrl') {
        if (sub && 'programme' in sub) sub.publicationUrl ??= value;
      } else if (parent === 'sanctionEntity') {
        entity.remarks.push(value);
      } else if (sub && 'remark' in sub) {
        sub.remark = sub.remark ? `${sub.remark}; ${value}` : value;
      }
      return;
    }
    if (name === 'sanctionEntity' && entity) {
      out.entities.push(entity);
      entity = undefined;
      sub = undefined;
    } else if (parent === 'sanctionEntity') {
      sub = undefined;
    }
  });

  const buffer = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const decoder = new TextDecoder('utf-8');
  for (let start = 0; start < buffer.length && !firstError; start += CHUNK) {
    const end = Math.min(start + CHUNK, buffer.length);
    parser.write(decoder.decode(buffer.subarray(start, end), { stream: end < buffer.length }));
    if (end < buffer.length) await yieldToLoop();
  }
  if (!firstError) parser.close();

  if (firstError) {
    throw fail.upstream(`the EU sanctions list is not well-formed XML (${firstError.message.split('\n')[0].slice(0, 160)})`);
  }
  if (!root || root.name !== 'export' || (root.xmlns !== null && root.xmlns !== FSF_NAMESPACE)) {
    throw fail.upstream(`the EU sanctions list address answered a document that is not an FSF export (root element <${root?.name ?? 'none'}>)`);
  }
  if (out.entities.length === 0) {
    throw fail.upstream('the EU sanctions list answered an FSF export without any sanctionEntity; the last good list is kept');
  }
  return out;
}
