import type { TransactionSql } from 'postgres';
import type { Sql } from '../../db/client';

/** The pool or a transaction: store functions run in either. */
export type Db = Sql | TransactionSql;
