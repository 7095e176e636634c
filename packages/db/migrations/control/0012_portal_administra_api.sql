ALTER TABLE "portal_usuarios" ADD COLUMN "administra_api" boolean DEFAULT false NOT NULL;
