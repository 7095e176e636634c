-- RSA-PSS where the receiver's token offers it: the agent reports at registration whether the token signs
-- with CKM_SHA256_RSA_PKCS_PSS; each batch keeps the signature algorithm its CMS will declare.
ALTER TABLE "firma_certificados" ADD COLUMN IF NOT EXISTS "token_pss" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "firma_lotes" ADD COLUMN IF NOT EXISTS "algoritmo" varchar(10) DEFAULT 'rsa' NOT NULL;
