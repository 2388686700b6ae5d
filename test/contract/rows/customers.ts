// Contract rows of the platform, customers, contact verification, beneficial owners, documents,
// verifications and bulk import areas.
import { enc, missing, type Row } from './table';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

function documentForm(fields: Record<string, string>, withFile = true): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (withFile) f.set('file', new Blob([PDF], { type: 'application/pdf' }), 'passport.pdf');
  return f;
}

function csvForm(csv: string): FormData {
  const f = new FormData();
  f.set('file', new Blob([csv], { type: 'text/csv' }), 'customers.csv');
  return f;
}

let n = 0;
const person = () => ({ customerType: 'INDIVIDUAL', platformCustomerId: `contract-person-${++n}`, fullName: `Contract Person ${n}`, email: `contract.${n}@example.com`, currencies: ['USD'] });

/** The rows of this area, in the order they run (later rows use what earlier ones made). */
export const customerRows: Row[] = [
  { op: 'getPlatformConfig', ok: () => ({ path: '/config' }) },
  { op: 'updatePlatformConfig', ok: () => ({ path: '/config', body: { webhookEndpoint: 'https://hooks.example.com/payments' } }), bad: () => ({ path: '/config', body: { webhookEndpoint: 'not a url' } }) },
  { op: 'getExchangeRates', ok: () => ({ path: '/exchange-rates?sourceCurrency=USD' }), bad: () => ({ path: '/exchange-rates?sourceCurrency=XYZ1' }) },
  { op: 'getDiscoveries', ok: () => ({ path: '/discoveries?country=MX' }), bad: () => ({ path: '/discoveries?country=nowhere' }) },
  {
    op: 'createCustomer',
    ok: async ({ state }) => { const body = person(); state.person = body; return { path: '/customers', body }; },
    bad: () => ({ path: '/customers', body: { customerType: 'INDIVIDUAL', email: 'not-an-email' } }),
  },
  { op: 'listCustomers', ok: () => ({ path: '/customers?limit=2' }) },
  { op: 'getCustomerById', ok: ({ w }) => ({ path: `/customers/${enc(w.seed.alice.id)}` }) },
  { op: 'updateCustomerById', ok: ({ w }) => ({ path: `/customers/${enc(w.seed.sophie.id)}`, body: { fullName: 'Sophie Martin-Durand' } }) },
  {
    op: 'deleteCustomerById',
    ok: async ({ w }) => {
      const r = await w.api.post('/customers', person());
      return { path: `/customers/${enc(r.body.id)}` };
    },
  },
  { op: 'getEndUserTerms', ok: () => ({ path: '/customers/end-user-terms' }), bad: () => ({ path: '/customers/end-user-terms', auth: null }) },
  { op: 'createCustomerKycLink', ok: ({ w }) => ({ path: `/customers/${enc(w.seed.lucia.id)}/kyc-link`, body: { redirectUri: 'https://app.example.com/onboarding/completed' } }) },
  { op: 'sendCustomerEmailVerification', ok: ({ w }) => ({ path: `/customers/${enc(w.seed.alice.id)}/verify-email` }) },
  { op: 'confirmCustomerEmailVerification', ok: ({ w }) => ({ path: `/customers/${enc(w.seed.alice.id)}/verify-email/confirm`, body: { code: '000000' } }) },
  { op: 'sendCustomerPhoneVerification', ok: ({ w }) => ({ path: `/customers/${enc(w.seed.alice.id)}/verify-phone` }) },
  { op: 'confirmCustomerPhoneVerification', ok: ({ w }) => ({ path: `/customers/${enc(w.seed.alice.id)}/verify-phone/confirm`, body: { code: '000000' } }) },
  {
    op: 'createBeneficialOwner',
    ok: async ({ w, state }) => {
      const b = await w.api.post('/customers', { customerType: 'BUSINESS', platformCustomerId: 'contract-biz-1', email: 'ops@contract-biz.example', currencies: ['USD'], businessInfo: { legalName: 'Contract Biz LLC', country: 'US', taxId: '12-3456789', incorporatedOn: '2015-06-01' } });
      state.business = b.body.id;
      return { path: '/beneficial-owners', body: { customerId: b.body.id, personalInfo: { firstName: 'Dana', lastName: 'Smith', birthDate: '1980-02-03', nationality: 'US', address: { line1: '1 Main St', city: 'Austin', postalCode: '78701', country: 'US' }, idType: 'SSN', identifier: '123-45-6789' }, roles: ['UBO'], ownershipPercentage: 60 } };
    },
    bad: ({ state }) => ({ path: '/beneficial-owners', body: { customerId: state.business, personalInfo: { firstName: 'Dana' }, roles: ['NOBODY'] } }),
  },
  {
    op: 'listBeneficialOwners',
    ok: async ({ w, state }) => {
      const list = await w.api.get(`/beneficial-owners?customerId=${enc(state.business)}`);
      state.owner = list.body.data[0].id;
      return { path: `/beneficial-owners?customerId=${enc(state.business)}` };
    },
  },
  { op: 'getBeneficialOwner', ok: ({ state }) => ({ path: `/beneficial-owners/${enc(state.owner)}` }) },
  { op: 'updateBeneficialOwner', ok: ({ state }) => ({ path: `/beneficial-owners/${enc(state.owner)}`, body: { ownershipPercentage: 55 } }) },
  {
    op: 'uploadDocument',
    ok: ({ state }) => ({ path: '/documents', body: documentForm({ documentHolder: state.owner, documentType: 'PASSPORT', country: 'US', side: 'FRONT' }) }),
    bad: ({ state }) => ({ path: '/documents', body: documentForm({ documentHolder: state.owner, documentType: 'PASSPORT', country: 'nowhere' }) }),
  },
  {
    op: 'listDocuments',
    ok: async ({ w, state }) => {
      const list = await w.api.get(`/documents?documentHolder=${enc(state.owner)}`);
      state.document = list.body.data[0].id;
      return { path: `/documents?documentHolder=${enc(state.owner)}` };
    },
  },
  { op: 'getDocument', ok: ({ state }) => ({ path: `/documents/${enc(state.document)}` }) },
  {
    op: 'replaceDocument',
    ok: ({ state }) => ({ path: `/documents/${enc(state.document)}`, body: documentForm({ documentType: 'PASSPORT', country: 'US', side: 'FRONT' }) }),
    // Without a file there is nothing to replace the document with: the contract's 400.
    bad: ({ state }) => ({ path: `/documents/${enc(state.document)}`, body: documentForm({ documentType: 'PASSPORT', country: 'US' }, false) }),
  },
  { op: 'createVerification', ok: ({ state }) => ({ path: '/verifications', body: { customerId: state.business } }), bad: () => ({ path: '/verifications', body: { customerId: missing('Customer') } }) },
  {
    op: 'listVerifications',
    ok: async ({ w, state }) => {
      const list = await w.api.get(`/verifications?customerId=${enc(state.business)}`);
      state.verification = list.body.data[0].id;
      return { path: `/verifications?customerId=${enc(state.business)}` };
    },
  },
  { op: 'getVerification', ok: ({ state }) => ({ path: `/verifications/${enc(state.verification)}` }) },
  {
    op: 'deleteDocument',
    ok: async ({ w, state }) => {
      const f = documentForm({ documentHolder: state.owner, documentType: 'PROOF_OF_ADDRESS', country: 'US' });
      const r = await fetch(`${w.api.base}/documents`, { method: 'POST', headers: { authorization: w.api.auth }, body: f });
      const body = (await r.json()) as { id: string };
      return { path: `/documents/${enc(body.id)}` };
    },
  },
  {
    op: 'uploadCustomersCsv',
    ok: ({ state }) => {
      state.csv = true;
      return { path: '/customers/bulk/csv', body: csvForm('customerType,platformCustomerId,fullName,email,currencies\nINDIVIDUAL,bulk-1,Bulk One,bulk.one@example.com,USD\nINDIVIDUAL,bulk-2,,not-an-email,USD\n') };
    },
  },
  {
    op: 'getBulkCustomerImportJob',
    ok: async ({ w }) => {
      const f = csvForm('customerType,platformCustomerId,fullName,email,currencies\nINDIVIDUAL,bulk-3,Bulk Three,bulk.three@example.com,USD\nINDIVIDUAL,bulk-4,,not-an-email,USD\n');
      const r = await fetch(`${w.api.base}/customers/bulk/csv`, { method: 'POST', headers: { authorization: w.api.auth }, body: f });
      const job = (await r.json()) as { jobId?: string; id?: string };
      await w.api.post('/sandbox/clock/advance', { seconds: 60 });
      return { path: `/customers/bulk/jobs/${enc(job.id ?? job.jobId!)}` };
    },
  },
];
