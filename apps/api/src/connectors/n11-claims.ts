/**
 * N11's return claims: the one SOAP call the connector makes, `ReturnService.ClaimReturnList`
 * (developer.n11.com "İade Talepleri Servisi"). Returns never show in the REST order service (a
 * returned package reads `Delivered`), so this list is where they are. The request follows the
 * live WSDL as integrators read it: root `ClaimReturnListRequest` in `http://www.n11.com/ws/schemas`
 * with unqualified children (`auth`, `searchData`, `pagingData`), the period as `dd/MM/yyyy`
 * Istanbul days, 20 claims a page from page 0, `ALL` for every claim state (empty would list only
 * REQUESTED) and `sender` for the fulfilment (SELLER, or N11 for n11depom). The answer's shape is
 * n11ClaimReturnListResponse in n11-schema.ts.
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { istanbulDay } from '@worq/domain/calendar';
import { isRecord } from './http.ts';
import type { n11ClaimReturnListResponse } from './n11-schema.ts';
import type { z } from 'zod';

export const n11ReturnServicePath = '/ws/returnService/';
export const n11ClaimsPageSize = 20;

const envelopeNamespace = 'http://schemas.xmlsoap.org/soap/envelope/';
const schemaNamespace = 'http://www.n11.com/ws/schemas';

// An empty SOAP header written `<soapenv:Header/>`, as integrators' requests do.
const xmlBuilder = new XMLBuilder({ ignoreAttributes: false, unpairedTags: ['soapenv:Header'], suppressUnpairedNode: false });

/** `dd/MM/yyyy` of the Istanbul day of an instant. */
export function n11ClaimDay(ms: number): string {
  const [year, month, day] = istanbulDay(ms).split('-');
  return `${day}/${month}/${year}`;
}

export interface ClaimReturnListQuery {
  appKey: string;
  appSecret: string;
  /** Istanbul days of the claims' period, both included. */
  startDay: string;
  endDay: string;
  sender: string;
  page: number;
}

export function claimReturnListRequest(query: ClaimReturnListQuery): string {
  return xmlBuilder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'soapenv:Envelope': {
      '@_xmlns:soapenv': envelopeNamespace,
      '@_xmlns:sch': schemaNamespace,
      'soapenv:Header': '',
      'soapenv:Body': {
        'sch:ClaimReturnListRequest': {
          auth: { appKey: query.appKey, appSecret: query.appSecret },
          searchData: {
            status: 'ALL',
            executer: '',
            searchInfoType: '',
            searchQuery: '',
            sender: query.sender,
            period: { startDate: query.startDay, endDate: query.endDay },
          },
          pagingData: { currentPage: query.page },
        },
      },
    },
  });
}

const xmlParser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => name === 'claimReturn',
});

/** A SOAP document as a plain object (namespaces removed), or null when it is not well-formed XML. */
export function readSoap(xml: string): Record<string, unknown> | null {
  if (/<!DOCTYPE/i.test(xml) || XMLValidator.validate(xml) !== true) return null;
  const parsed = xmlParser.parse(xml) as unknown;
  return isRecord(parsed) ? parsed : null;
}

/** The child element `name` of a parsed element. */
export function soapChild(node: unknown, name: string): unknown {
  return isRecord(node) ? node[name] : undefined;
}

export type ClaimReturnListResponse = z.infer<typeof n11ClaimReturnListResponse>;

/** What an answer holds: the response element, a SOAP fault's text, or nothing readable. */
export function readClaimReturnList(xml: string): { response: unknown } | { fault: string } | null {
  const body = soapChild(soapChild(readSoap(xml), 'Envelope'), 'Body');
  const fault = soapChild(body, 'Fault');
  if (fault !== undefined) return { fault: String(soapChild(fault, 'faultstring') ?? 'SOAP fault') };
  const response = soapChild(body, 'ClaimReturnListResponse');
  return response === undefined ? null : { response };
}
