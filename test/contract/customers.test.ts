// The upstream contract, operation by operation: platform, customers, documents, verifications, bulk.
import { runRows } from './run-rows';
import { customerRows } from './rows/customers';

runRows('the upstream contract: platform, customers, documents, verifications, bulk', customerRows);
